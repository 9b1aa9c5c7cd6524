// Types of cli-bundle.mjs (plain JavaScript so the launcher needs no compiler).
export declare const root: string;
export declare const bundleFile: string;
export declare function isBundleFresh(): boolean;
export declare function buildBundle(): Promise<void>;

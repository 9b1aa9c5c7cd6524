// Public API of the wire codec (see README.md). Browser-safe: node-zlib.ts is not re-exported.
export * from './frame';
export * from './body';
export * from './json-mode';
export * from './message';
export * from './topic';
export * from './request-id';

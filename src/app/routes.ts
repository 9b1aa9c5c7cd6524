// Route names of SPEC section 2 that are not tools: the public routes.
export const PUBLIC_ROUTES = [
  'login', 'registe', 'rate', 'rateEn', 'bankExchange', 'bankExchangeEn', 'downLoad', 'calendar', 'ERConversion',
] as const;

export type PublicRoute = (typeof PUBLIC_ROUTES)[number];

const PUBLIC_SET: ReadonlySet<string> = new Set(PUBLIC_ROUTES);

/** First path segment without slashes: '/optionCalculator/x' -> 'optionCalculator', '/' -> ''. */
export function routeName(path: string): string {
  return path.replace(/^\/+/, '').split(/[/?#]/)[0] ?? '';
}

export function isPublicRoute(name: string): boolean {
  return PUBLIC_SET.has(name);
}

/** The two login pages (a valid session passes them like any public route). */
export function isLoginRoute(name: string): boolean {
  return name === 'login' || name === 'registe';
}

import type { RoutePolicy } from '../src/routes/route-policy.ts';

/** A route pattern (`/api/documents/:id`, `/api/docs/static/*`) as a regular expression. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? '[^/]+'
        : segment.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '*' ? '.*' : `\\${c}`)),
    )
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * The methods a path answers to, for a 405's `Allow` header; empty when no route has the path.
 * `OPTIONS *` (CORS pre-flight, every path) only counts next to a real route.
 */
export function allowedMethods(routes: RoutePolicy[], path: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method === 'OPTIONS' || !patternOf(route.url).test(path)) continue;
    methods.add(route.method);
    if (route.method === 'GET') methods.add('HEAD');
  }
  if (methods.size > 0) methods.add('OPTIONS');
  return [...methods].sort();
}

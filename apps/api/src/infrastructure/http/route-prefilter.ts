/**
 * Express finds a request's route by walking its routes in order and running each one's regular expression against
 * the path until one matches. With the API's 688 route layers, a route near the end paid for ~640 failed expressions
 * first (docs/adr/0073). Each
 * route's path starts with literal text (`/server/api/workflows/`, then a parameter): a path that does not start with
 * it cannot match, whatever the rest. So each route layer first compares that literal start, with the request's path
 * lowercased once per walk, and runs its expression only when it could match.
 *
 * Equivalent by construction, for routes whose literal start is ASCII (every route's is; one that is not keeps its
 * expression alone): routes are matched case-insensitively unless the app says otherwise, and path-to-regexp compiles
 * them without the `u` flag, so a character matches an ASCII letter of the route only if it is that letter in either
 * case: exactly what lowercasing compares. A case-sensitive app only makes the comparison pass more often; the
 * expression still decides.
 */

/** The part of express's (router@2) layer this relies on; anything else about a layer is left alone. */
export interface RouteLayer {
  route?: unknown;
  rawPath?: unknown;
  match(path: string): unknown;
}

/** What ends a route path's literal start in path-to-regexp 8's syntax (a parameter, wildcard, group or escape). */
const SPECIAL = /[:*{}()[\]+?!\\]/;

/**
 * The literal start of a route path, lowercased, without the trailing slashes express ignores; null when not a plain
 * string path, or when the start is not ASCII (the expression's case folding and lowercasing differ outside it: σ/ς).
 */
export function literalStart(rawPath: unknown): string | null {
  if (typeof rawPath !== 'string') return null;
  const path = rawPath.replace(/\/+$/, '');
  const at = path.search(SPECIAL);
  const start = at === -1 ? path : path.slice(0, at);
  return /^[\x20-\x7e]*$/.test(start) ? start.toLowerCase() : null;
}

/**
 * Puts the literal-start comparison in front of every route layer of `stack` (express's `app.router.stack`, once the
 * routes are registered); middleware layers stay as they are. Answers how many routes got it.
 */
export function prefilterRoutes(stack: RouteLayer[]): number {
  // The router asks every layer about the same path in one walk: lowercase it once.
  let last = '';
  let lower = '';
  const lowered = (path: string): string => {
    if (path !== last) {
      last = path;
      lower = path.toLowerCase();
    }
    return lower;
  };
  let count = 0;
  for (const layer of stack) {
    if (!layer.route) continue;
    const start = literalStart(layer.rawPath);
    // `''` and `/` start every path: nothing to compare
    if (start === null || start.length <= 1) continue;
    const match = layer.match.bind(layer);
    layer.match = (path: string) => (typeof path === 'string' && !lowered(path).startsWith(start) ? false : match(path));
    count++;
  }
  return count;
}

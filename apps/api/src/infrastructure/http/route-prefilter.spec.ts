import { describe, expect, it } from '@jest/globals';
import express from 'express';
import { literalStart, prefilterRoutes, type RouteLayer } from './route-prefilter.js';

// The route a request reaches must be the same with the prefilter as without it (docs/adr/0073): a router of the
// app's shapes of path, asked for paths that match, nearly match, differ in case, slashes or encoding.

const ROUTES: [method: 'get' | 'post' | 'put', path: string][] = [
  ['get', '/server/api/workflows/mine'],
  ['get', '/server/api/workflows/:flow'],
  ['post', '/server/api/workflows/:flow'],
  ['post', '/server/api/workflows/:flow/:id/events'],
  ['get', '/server/api/workflows/:flow/views/:name'],
  ['get', '/server/api/grades/batches/'],
  ['put', '/server/api/grades/batches/:id'],
  ['get', '/server/api/files/{*rest}'],
  ['get', '/server/api/work-tasks'],
  ['get', '/server/api/:anything/help'],
  ['get', '/server/api'],
];

/** Which route answers `method path`, or 'none' when the router passes it on. */
function dispatch(router: express.Router, method: string, url: string): Promise<string> {
  return new Promise((resolve) => {
    const req = { method, url, headers: {}, answer: resolve } as unknown as express.Request;
    router(req, {} as express.Response, (err?: unknown) => resolve(err ? `error: ${String(err)}` : 'none'));
  });
}

function routerOf(prefiltered: boolean): express.Router {
  const router = express.Router();
  ROUTES.forEach(([method, path], i) =>
    router[method](path, (req) => {
      (req as unknown as { answer: (r: string) => void }).answer(`${i}:${JSON.stringify(req.params)}`);
    }),
  );
  if (prefiltered) expect(prefilterRoutes((router as unknown as { stack: RouteLayer[] }).stack)).toBe(ROUTES.length);
  return router;
}

const PATHS = [
  '/server/api/workflows/mine',
  '/server/api/workflows/leave',
  '/server/api/workflows/leave/',
  '/server/api/Workflows/Leave',
  '/SERVER/API/WORKFLOWS/MINE',
  '/server/api/workflows/leave/abc/events',
  '/server/api/workflows/leave/abc/events?x=1',
  '/server/api/workflows/leave/views/day',
  '/server/api/WORKFLOWS/leave/Views/day/',
  '/server/api/workflows/le%61ve/abc/events',
  '/server/api/workflow/leave',
  '/server/api/workflowsx',
  '/server/api/grades/batches',
  '/server/api/grades/batches/7',
  '/server/api/files/a/b/c.pdf',
  '/server/api/work-tasks',
  '/server/api/work-tasks/',
  '/server/api/x/help',
  '/server/api',
  '/server/api/',
  '/server/apix',
  '/server/api/\u0130/help',
  '/server/api/k\u212a/help',
  '/',
];

describe('the route prefilter (docs/adr/0073)', () => {
  it('every request reaches the same route, with the same parameters, as without it', async () => {
    const plain = routerOf(false);
    const filtered = routerOf(true);
    const answers = new Set<string>();
    for (const path of PATHS) {
      for (const method of ['GET', 'POST', 'PUT', 'HEAD']) {
        const expected = await dispatch(plain, method, path);
        answers.add(expected.split(':')[0] as string);
        expect([method, path, await dispatch(filtered, method, path)]).toEqual([method, path, expected]);
      }
    }
    // the paths reach every route and also none: the comparison above is not of two routers that answer nothing
    expect([...answers].sort()).toEqual(['none', ...ROUTES.map((_, i) => String(i))].sort());
  });

  it('the literal start ends at the first parameter, wildcard or group, lowercased, without trailing slashes', () => {
    expect(literalStart('/server/api/workflows/:flow/:id/events')).toBe('/server/api/workflows/');
    expect(literalStart('/server/api/Grades/batches/')).toBe('/server/api/grades/batches');
    expect(literalStart('/server/api/files/{*rest}')).toBe('/server/api/files/');
    expect(literalStart('/server/api/:anything/help')).toBe('/server/api/');
    expect(literalStart(/^\/x/)).toBeNull();
    expect(literalStart(['/a', '/b'])).toBeNull();
    expect(literalStart('/server/api/σχολείο/:id')).toBeNull();
  });

  it('a request no route starts like is passed on without running any route’s expression', async () => {
    const router = routerOf(true);
    const stack = (router as unknown as { stack: { route?: { path: string }; matchers: ((p: string) => unknown)[] }[] }).stack;
    let ran = 0;
    for (const layer of stack) layer.matchers = layer.matchers.map((m) => (p: string) => (ran++, m(p)));
    expect(await dispatch(router, 'GET', '/server/other/thing')).toBe('none');
    expect(ran).toBe(0);
    expect(await dispatch(router, 'GET', '/server/api/work-tasks')).toMatch(/^8:/);
    expect(ran).toBeGreaterThan(0);
  });
});

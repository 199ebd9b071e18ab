import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { All, Controller, Get, Head, Module, Options, Param, Post, Res } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { Agent } from 'undici';
import { literalStart, prefilterRoutes, type RouteLayer } from './route-prefilter.js';
import { differences, type RouteTwins, startRouteTwins, type TwinRoute } from './route-twins.testing.js';

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

// OPTIONS and HEAD are answered around the router: express answers OPTIONS with the `Allow` list of every route whose
// path matches (when no route takes OPTIONS itself and nothing after the routes answers first), and Node's server
// answers HEAD with a GET route's headers and no body. Both must be what they were without the prefilter.
const OVER_HTTP: TwinRoute[] = [
  ...ROUTES.map(([method, path]) => ({ method, path })),
  { method: 'head', path: '/server/api/workflows/:flow/probe' },
  { method: 'options', path: '/server/api/grades/batches/:id' },
  { method: 'all', path: '/server/api/any/:x' },
  { method: 'patch', path: '/server/api/workflows/:flow/:id' },
];
const HTTP_PATHS = [...PATHS, '/server/api/workflows/leave/probe', '/server/api/any/1', '/server/api/Any/1/', '/server/api/workflows/leave/7', '/nothing/here'];

describe('the route prefilter over HTTP: OPTIONS and HEAD answer as without it', () => {
  let twins: RouteTwins;
  beforeAll(async () => {
    twins = await startRouteTwins(OVER_HTTP);
  }, 30_000);
  afterAll(async () => {
    await twins.close();
  });

  it('express apps with the same routes give the same status, headers and body to OPTIONS, HEAD and GET', async () => {
    expect(twins.filtered).toBe(OVER_HTTP.length);
    const { differ, seen } = await differences(twins, ['OPTIONS', 'HEAD', 'GET'], HTTP_PATHS);
    expect(differ).toEqual([]);
    // not a comparison of nothing: OPTIONS gathered several methods, ran the explicit OPTIONS and the catch-all
    // routes, and was passed on (404); HEAD ran a GET route, the HEAD route and the catch-all
    const all = [...seen];
    expect(all).toEqual(expect.arrayContaining(['OPTIONS 200 GET, HEAD, POST ', 'OPTIONS 200  12', 'OPTIONS 200  13', 'OPTIONS 404  ', 'HEAD 200  11', 'HEAD 200  13', 'HEAD 200  1']));
  }, 60_000);
});

// The same through Nest, as bootstrap.ts does it: the global prefix, the routes registered by init and then
// prefiltered, and Nest's own answer for what no route takes.
@Controller('workflows')
class FlowsController {
  @Get('mine')
  mine(): string {
    return 'mine';
  }

  @Get(':flow')
  list(@Param('flow') flow: string): string {
    return `list ${flow}`;
  }

  @Post(':flow')
  start(@Param('flow') flow: string): string {
    return `start ${flow}`;
  }

  @Post(':flow/:id/events')
  command(@Param('id') id: string): string {
    return `command ${id}`;
  }

  @Head(':flow/:id/probe')
  probe(@Res() res: express.Response): void {
    res.setHeader('X-Probe', '1');
    res.end();
  }

  @Options('preflight')
  preflight(@Res() res: express.Response): void {
    res.setHeader('Allow', 'OPTIONS, POST');
    res.status(204).end();
  }

  @All('any/:x')
  any(@Param('x') x: string): string {
    return `any ${x}`;
  }
}

@Module({ controllers: [FlowsController] })
class FlowsModule {}

async function nestApp(prefiltered: boolean): Promise<{ app: NestExpressApplication; url: string; filtered: number }> {
  const app = await NestFactory.create<NestExpressApplication>(FlowsModule, { logger: false, abortOnError: false });
  app.setGlobalPrefix('server/api');
  await app.init();
  const stack = (app.getHttpAdapter().getInstance() as express.Express).router.stack as unknown as RouteLayer[];
  const filtered = prefiltered ? prefilterRoutes(stack) : 0;
  await app.listen(0, '127.0.0.1');
  return { app, url: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`, filtered };
}

describe('the route prefilter in a Nest app: OPTIONS and HEAD answer as without it', () => {
  let plain: Awaited<ReturnType<typeof nestApp>>;
  let filtered: Awaited<ReturnType<typeof nestApp>>;
  beforeAll(async () => {
    [plain, filtered] = await Promise.all([nestApp(false), nestApp(true)]);
  }, 30_000);
  afterAll(async () => {
    await Promise.all([plain.app.close(), filtered.app.close()]);
  });

  it('gives the same status, headers and body to OPTIONS, HEAD and GET on every path shape', async () => {
    expect(filtered.filtered).toBe(7);
    const dispatcher = new Agent();
    const twins: RouteTwins = { plainUrl: plain.url, filteredUrl: filtered.url, filtered: filtered.filtered, dispatcher, close: () => dispatcher.close() };
    const paths = [
      '/server/api/workflows/mine',
      '/server/api/workflows/leave',
      '/server/api/WORKFLOWS/Leave/',
      '/server/api/workflows/leave/3/events',
      '/server/api/workflows/leave/3/probe',
      '/server/api/workflows/preflight',
      '/server/api/workflows/any/9',
      '/server/api/workflows/any',
      '/server/api/workflowsx',
      '/server/api',
      '/elsewhere',
    ];
    const { differ, seen } = await differences(twins, ['OPTIONS', 'HEAD', 'GET'], paths).finally(() => twins.close());
    expect(differ).toEqual([]);
    const statuses = new Set([...seen].map((s) => s.split(' ').slice(0, 2).join(' ')));
    expect([...statuses]).toEqual(expect.arrayContaining(['OPTIONS 204', 'OPTIONS 200', 'OPTIONS 404', 'HEAD 200', 'HEAD 404', 'GET 200', 'GET 404']));
  }, 60_000);
});

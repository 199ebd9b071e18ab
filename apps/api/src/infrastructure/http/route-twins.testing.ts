import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Agent } from 'undici';
import { prefilterRoutes, type RouteLayer } from './route-prefilter.js';

/**
 * Two express apps with the same routes, one with the route prefilter (docs/adr/0073) and one without, listening on
 * the loopback: what each answers a request over HTTP — status, headers, body — is compared by the tests that hold the
 * prefilter to "same routing". Over HTTP and not on the router alone because the answers to OPTIONS (the `Allow` list
 * express gathers from every route whose path matches) and to HEAD (a GET route's answer without its body) are made
 * by express and Node's HTTP server around the router.
 */

export type TwinMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options' | 'all';
export interface TwinRoute {
  method: TwinMethod;
  /** An express (path-to-regexp 8) path. */
  path: string;
}

/** One answer, as far as it can differ: status, the headers that are not about time or the connection, the body. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const VOLATILE = new Set(['date', 'connection', 'keep-alive']);

/** Each route answers with its index, its parameters and a header naming it, so a comparison sees which one ran. */
function appOf(routes: readonly TwinRoute[], prefiltered: boolean): { app: express.Express; filtered: number } {
  const app = express();
  app.set('etag', false);
  routes.forEach(({ method, path }, i) => {
    app[method](path, (req, res) => {
      res.setHeader('X-Route', String(i));
      res.json({ route: i, method: req.method, params: req.params });
    });
  });
  const filtered = prefiltered ? prefilterRoutes(app.router.stack as unknown as RouteLayer[]) : 0;
  return { app, filtered };
}

function listen(app: express.Express): Promise<{ server: Server; url: string }> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1', (err?: Error) => {
      if (err) return reject(err);
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    });
  });
}

/** What `url` answers `method path`, through `dispatcher`; fetch keeps the path as written (case, encoding, `//`). */
export async function answerOf(url: string, method: string, path: string, dispatcher?: Agent): Promise<Answer> {
  const res = await fetch(`${url}${path}`, { method, dispatcher } as RequestInit);
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!VOLATILE.has(name)) headers[name] = value;
  });
  return { status: res.status, headers, body: await res.text() };
}

export interface RouteTwins {
  plainUrl: string;
  filteredUrl: string;
  /**
   * The twins' own connections, kept alive (thousands of requests) and closed with them: never the global dispatcher,
   * which would keep a connection to a port the run later hands to another server (test/support/api.ts).
   */
  dispatcher?: Agent;
  /** How many routes the prefiltered twin filters. */
  filtered: number;
  close(): Promise<void>;
}

export async function startRouteTwins(routes: readonly TwinRoute[]): Promise<RouteTwins> {
  const plain = await listen(appOf(routes, false).app);
  const { app, filtered } = appOf(routes, true);
  const prefiltered = await listen(app);
  const stop = (s: Server) => new Promise<void>((resolve) => s.close(() => resolve()));
  const dispatcher = new Agent();
  return {
    plainUrl: plain.url,
    filteredUrl: prefiltered.url,
    filtered,
    dispatcher,
    close: async () => {
      await dispatcher.close();
      await Promise.all([stop(plain.server), stop(prefiltered.server)]);
    },
  };
}

/**
 * The requests that differ: each `method path` asked of both twins, listed with both answers when they are not the
 * same. Also answers every distinct answer seen, so a caller can check the comparison was not of two apps answering
 * nothing.
 */
export async function differences(twins: RouteTwins, methods: readonly string[], paths: readonly string[]): Promise<{ differ: unknown[]; seen: Set<string> }> {
  const differ: unknown[] = [];
  const seen = new Set<string>();
  const ask = async (method: string, path: string): Promise<void> => {
    const [plain, filtered] = await Promise.all([answerOf(twins.plainUrl, method, path, twins.dispatcher), answerOf(twins.filteredUrl, method, path, twins.dispatcher)]);
    seen.add(`${method} ${plain.status} ${plain.headers['allow'] ?? ''} ${plain.headers['x-route'] ?? ''}`);
    if (JSON.stringify(plain) !== JSON.stringify(filtered)) differ.push({ method, path, plain, filtered });
  };
  const requests = paths.flatMap((path) => methods.map((method) => [method, path] as const));
  // a few at a time: a route table of hundreds of paths is thousands of requests
  for (let i = 0; i < requests.length; i += 16) await Promise.all(requests.slice(i, i + 16).map(([method, path]) => ask(method, path)));
  return { differ, seen };
}

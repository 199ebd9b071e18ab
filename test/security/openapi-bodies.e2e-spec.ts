import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import { checkBodies, type DocumentedPaths, type RouteHandler, WRITES } from '../../apps/api/src/infrastructure/http/openapi-bodies.js';
import { baseUrl, fetchFresh } from '../support/api.js';

/**
 * Every body a handler reads is described in the OpenAPI document the server serves (issue 23, item 5), from the zod
 * schema of contracts it is checked with — the fuzz test (fuzz.e2e-spec.ts) probes a described body field by field and
 * an undescribed one blind. The handlers come from the app's own controllers: which read a body (a body parameter;
 * on a write also the raw request an upload streams, or a parameter decorator of our own), listed by
 * dist/…/openapi-bodies.cli.js from the app's modules in Nest's preview mode (the controllers' metadata, no provider
 * built); the document is the shared test server's `/server/docs-json`. A new write that reads a body without
 * describing it fails here, by name.
 */
const run = promisify(execFile);

async function handlers(): Promise<RouteHandler[]> {
  const { stdout } = await run(process.execPath, ['dist/apps/api/src/infrastructure/http/openapi-bodies.cli.js'], { env: { ...process.env, REDIS_URL: '' }, maxBuffer: 16 * 1024 * 1024 });
  const last = stdout.trim().split('\n').at(-1) ?? '[]';
  return JSON.parse(last) as RouteHandler[];
}

describe('OpenAPI request bodies', () => {
  it('no handler reads a body the served document does not describe; a write without one reads none', async () => {
    const [all, doc] = await Promise.all([handlers(), fetchFresh(`${baseUrl()}/server/docs-json`).then(async (r) => (await r.json()) as DocumentedPaths)]);
    // Not a check that passes on nothing: the app has well over a hundred writes, most of them reading a body.
    expect(all.filter((h) => WRITES.includes(h.method)).length).toBeGreaterThan(100);
    expect(all.filter((h) => h.readsBody).length).toBeGreaterThan(100);

    const check = checkBodies(all, doc);
    expect(check.undescribed).toEqual([]);
    // Every write of the document is one of the handlers (so "reads none" above speaks of each of the rest).
    const ids = new Set(all.map((h) => h.operationId));
    const unmatched = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, op]) => (WRITES.includes(method) && !ids.has(op?.operationId ?? '') && !ids.has((op?.operationId ?? '').replace(/_[a-z]+$/, '')) ? [`${method.toUpperCase()} ${path}`] : [])),
    );
    expect(unmatched).toEqual([]);
    process.stdout.write(`writes with a described body: ${check.writesWithBody} of ${check.writes}; without (they read none): ${check.writesWithoutBody.join(', ')}\n`);
  }, 120_000);
});

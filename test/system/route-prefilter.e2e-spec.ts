import { describe, expect, it } from '@jest/globals';
import { differences, startRouteTwins, type TwinMethod, type TwinRoute } from '../../apps/api/src/infrastructure/http/route-twins.testing.js';
import { baseUrl, fetchFresh, fetchMethod } from '../support/api.js';

const fetchAt = (path: string, method: string) => fetchMethod(`${baseUrl()}${path}`, method);

/**
 * The route prefilter (docs/adr/0073) on the app's own route table: every operation of the OpenAPI document the
 * shared server serves, in two express apps with the same routes, one prefiltered and one not. Each documented path —
 * as written, in other case, and one segment longer with a trailing slash — is asked OPTIONS and HEAD of both;
 * the answers (status, `Allow`, which route ran, its parameters) must be the same. The route-prefilter spec does the
 * same on express and Nest apps made for it, path shapes the table may not have included.
 */
interface Doc {
  paths: Record<string, Record<string, unknown>>;
}

const METHODS = new Set<TwinMethod>(['get', 'post', 'put', 'patch', 'delete']);

/** `/server/api/flows/{flow}/x` → express's `/server/api/flows/:flow/x`, and a request path with the parameters filled. */
function shapes(template: string): { route: string; sample: string } {
  return {
    route: template.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1'),
    sample: template.replace(/\{[A-Za-z0-9_]+\}/g, () => 'x7'),
  };
}

describe('the route prefilter on the app’s route table (docs/adr/0073)', () => {
  it('OPTIONS and HEAD answer the same as without it on every documented path', async () => {
    const doc = (await (await fetchFresh(`${baseUrl()}/server/docs-json`)).json()) as Doc;
    const routes: TwinRoute[] = [];
    const paths = new Set<string>();
    for (const [template, operations] of Object.entries(doc.paths)) {
      const { route, sample } = shapes(template);
      for (const method of Object.keys(operations)) if (METHODS.has(method as TwinMethod)) routes.push({ method: method as TwinMethod, path: route });
      for (const path of [sample, sample.toUpperCase(), `${sample}/extra/`]) paths.add(path);
    }
    // the whole table: the app has a few hundred operations
    expect(routes.length).toBeGreaterThan(300);

    const twins = await startRouteTwins(routes);
    try {
      expect(twins.filtered).toBe(routes.length);
      // GET reaches the same routes as HEAD; the spec compares every method's routing on paths made for it
      const { differ, seen } = await differences(twins, ['OPTIONS', 'HEAD'], [...paths]);
      expect(differ.slice(0, 5)).toEqual([]);
      // answers of every kind were compared: OPTIONS lists of several methods, HEAD reaching routes, and 404s
      const kinds = [...seen];
      expect(kinds.some((k) => /^OPTIONS 200 .*, /.test(k))).toBe(true);
      expect(kinds.some((k) => /^HEAD 200 .* \d+$/.test(k))).toBe(true);
      expect(kinds.some((k) => /^(OPTIONS|HEAD) 404 /.test(k))).toBe(true);
    } finally {
      await twins.close();
    }
  }, 120_000);

  it('the server answers HEAD on a GET route as GET without the body, and OPTIONS with Nest’s not-found answer', async () => {
    // Nest mounts its not-found handler under the prefix (`/server`): an OPTIONS request no route takes ends there, on a
    // route's path as on a path no route has, never at express's `Allow` list (the twins above check that list)
    for (const path of ['/server/api/workflows/mine', '/server/api/workflows/leave', '/server/api/Workflows/Leave', '/server/docs-json', '/server/api/no/such/route']) {
      const [get, head, options] = await Promise.all([fetchAt(path, 'GET'), fetchAt(path, 'HEAD'), fetchAt(path, 'OPTIONS')]);
      const getBody = await get.text();
      expect([path, head.status, head.headers.get('content-type')]).toEqual([path, get.status, get.headers.get('content-type')]);
      expect(await head.text()).toBe('');
      expect(getBody.length).toBeGreaterThan(0);
      expect([path, options.status, options.headers.get('allow')]).toEqual([path, 404, null]);
      await options.text();
    }
  });
});

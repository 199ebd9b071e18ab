import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import type { Server } from 'node:http';
import { spaFiles } from '../../apps/api/src/infrastructure/http/spa-files.js';

// Found in review: with `dotfiles: 'deny'` every file of a build kept under a dot-folder (/srv/.output/web) answered
// 403. The map made at start decides what is served; the folder's own name does not matter.

const root = mkdtempSync(join(tmpdir(), 'sf-spa-'));
const dir = join(root, '.output', 'web');
let server: Server;
let base: string;

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'app-abcdef12.js'), 'console.log(1);');
  const app = express();
  app.use(spaFiles(dir, { csp: "default-src 'self'", baseApi: '/server' }));
  app.use((_req, res) => res.status(404).send('api'));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

describe('the SPA served from a folder under a dot-folder', () => {
  it('serves its files, its client routes, and leaves the API alone', async () => {
    const asset = await fetch(`${base}/assets/app-abcdef12.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log(1);');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const route = await fetch(`${base}/apply/leave/new`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<div id="root">');
    expect((await fetch(`${base}/server/anything`)).status).toBe(404);
    expect((await fetch(`${base}/assets/missing-00000000.js`)).status).toBe(404);
  });
});

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SERVER_ENTRY } from '../support/e2e-environment.js';

// Issue 14 (loose ends): when a port is taken, `npm start` died saying only "SchoolFlow failed to start". It must
// name the port and the variable to set.

let held: Server;
let port: number;
const dataDir = mkdtempSync(join(tmpdir(), 'sf-startup-'));

beforeAll(async () => {
  held = createServer();
  await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
  port = (held.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => held.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the built server with `env` and answers its exit code and everything it printed. */
function start(env: Record<string, string | undefined>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      env: { ...process.env, HOST: '127.0.0.1', SEED_DEMO: 'false', REDIS_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe('start-up with a port taken', () => {
  it('the embedded PostgreSQL\'s port: exits naming the port, EMBEDDED_PG_PORT and DATABASE_URL', async () => {
    const { code, out } = await start({ DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port), PORT: '0' });
    expect(code).toBe(1);
    expect(out).toContain(`Port ${port} is already in use`);
    expect(out).toContain('EMBEDDED_PG_PORT');
    expect(out).toContain('DATABASE_URL');
  });

  it('the app\'s own port: exits naming the port and PORT', async () => {
    const { code, out } = await start({ DATABASE_URL: process.env.E2E_DATABASE_URL, PORT: String(port) });
    expect(code).toBe(1);
    expect(out).toContain(`Port ${port} is already in use, so SchoolFlow cannot listen on it. Set PORT`);
  });
});

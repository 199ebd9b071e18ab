import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFreshDatabase, dropDatabase, freePort, startServer, stopServer } from './e2e-environment.js';
import type { Instance } from './instances.js';

/**
 * The production topology on one machine: two app instances on one PostgreSQL database and one Redis, behind HAProxy
 * (Debian's package), as docker-compose.yml describes it. Used by the proxy and kill-under-load tests and by
 * `npm run topology` (scripts/topology.ts).
 *
 * HAProxy: the API round-robin over both instances (health-checked every second; a refused connection is retried on
 * the other, a request that reached an instance never is); socket.io round-robin too, sticky by cookie for the
 * polling transport browsers may fall back to; websockets tunnelled for an hour.
 */
export interface Topology {
  url: string;
  instances: Record<'a' | 'b', Instance>;
  database: { url: string; name: string };
  kill: (which: 'a' | 'b') => Promise<void>;
  restart: (which: 'a' | 'b') => Promise<Instance>;
  stop: () => Promise<void>;
}

export interface TopologyOptions {
  adminUrl: string;
  redisUrl: string;
  /** Extra environment of both instances. */
  env?: Record<string, string>;
  proxyPort?: number;
  /** Keep the database when stopping (the script's choice). */
  keepDatabase?: boolean;
}

function haproxyConfig(proxyPort: number, ports: Record<'a' | 'b', number>): string {
  const servers = (cookie: boolean) =>
    (['a', 'b'] as const).map((n) => `  server ${n} 127.0.0.1:${ports[n]} check inter 1s fall 2 rise 1${cookie ? ` cookie ${n}` : ''}`).join('\n');
  return `global
  maxconn 8000
defaults
  mode http
  timeout connect 3s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  option forwardfor
  option redispatch
  retries 2
  retry-on conn-failure
frontend web
  bind 127.0.0.1:${proxyPort}
  acl socket path_beg /server/socket.io
  use_backend sockets if socket
  default_backend api
backend api
  balance roundrobin
  option httpchk GET /server/health
  http-check expect status 200
${servers(false)}
backend sockets
  balance roundrobin
  cookie SFIO insert indirect nocache
  option httpchk GET /server/health
  http-check expect status 200
${servers(true)}
`;
}

async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`);
}

export async function startTopology(o: TopologyOptions): Promise<Topology> {
  const db = await createFreshDatabase(o.adminUrl);
  const env = { DATABASE_URL: db.url, ROLE_QUERY_DATABASE_URL: db.roleQueryUrl, REDIS_URL: o.redisUrl, REDIS_PREFIX: db.name, TRUST_PROXY: '1', ...(o.env ?? {}) };
  const ports = { a: await freePort(), b: await freePort() };
  const start = (which: 'a' | 'b') => startServer(env, ports[which]);
  const instances: Record<'a' | 'b', Instance> = { a: await start('a'), b: await start('b') };
  const proxyPort = o.proxyPort ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'sf-haproxy-'));
  const cfg = join(dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(proxyPort, ports));
  let proxyLogs = '';
  const proxy: ChildProcess = spawn('haproxy', ['-f', cfg, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  proxy.stdout?.on('data', (d: Buffer) => (proxyLogs += d.toString()));
  proxy.stderr?.on('data', (d: Buffer) => (proxyLogs += d.toString()));
  const url = `http://127.0.0.1:${proxyPort}`;
  try {
    await waitFor(`${url}/server/health`);
  } catch (err) {
    throw new Error(`${String(err)}\nhaproxy: ${proxyLogs}`, { cause: err });
  }
  return {
    url,
    instances,
    database: db,
    kill: async (which) => {
      const child = instances[which].child;
      if (child.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    },
    restart: async (which) => {
      instances[which] = await start(which);
      return instances[which];
    },
    stop: async () => {
      proxy.kill('SIGTERM');
      await Promise.all([stopServer(instances.a.child), stopServer(instances.b.child)]);
      rmSync(dir, { recursive: true, force: true });
      if (!o.keepDatabase) await dropDatabase(o.adminUrl, db.name);
    },
  };
}

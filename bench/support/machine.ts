import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { openDb } from './db.js';

/** Where the numbers were taken: printed with every result. */
export async function describeContext(databaseUrl: string): Promise<string[]> {
  const client = await openDb(databaseUrl);
  try {
    const show = async (name: string): Promise<string> => {
      const r = await client.query<Record<string, string>>(`SHOW ${name}`);
      return Object.values(r.rows[0] ?? {})[0] ?? '?';
    };
    const version = await show('server_version');
    const fsync = await show('fsync');
    const syncCommit = await show('synchronous_commit');
    const walSync = await show('wal_sync_method');
    const sharedBuffers = await show('shared_buffers');
    const cpuModel = cpus()[0]?.model.trim() ?? 'unknown';
    return [
      `machine:    ${availableParallelism()} CPUs (${cpuModel}); bench client, server and PostgreSQL share them`,
      `node:       ${process.version}`,
      `postgresql: ${version} at ${new URL(databaseUrl).host}${process.env.DATABASE_URL ? '' : ' (embedded)'}; fsync=${fsync}, synchronous_commit=${syncCommit}, wal_sync_method=${walSync}, shared_buffers=${sharedBuffers}`,
      `database:   ${new URL(databaseUrl).pathname.slice(1)} (fresh for this run, dropped at the end)`,
      `redis:      ${process.env.REDIS_URL ? 'REDIS_URL set (BullMQ, socket.io Redis adapter)' : 'none (in-process jobs, in-memory socket.io adapter)'}`,
    ];
  } finally {
    await client.end();
  }
}

/** CPU seconds used so far: this process, the server process, PostgreSQL (for this database), and the whole machine. */
export interface CpuSample {
  at: number;
  client: number;
  server: number;
  /** Ticks of each PostgreSQL process that counts (see postgresTicks). */
  postgres: Map<number, number>;
  machineBusy: number;
}

const TICK = 100; // USER_HZ on Linux

function procTicks(stat: string): number {
  // Fields after the command name (which may contain spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11] ?? 0) + Number(fields[12] ?? 0); // utime + stime
}

function readOr(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** A client backend's title is `postgres: <cluster>: <user> <database> <host>(<port>) <state>`. */
const CLIENT_BACKEND = /^postgres: (?:[^:]+: )?\S+ (\S+) \S+\(\d+\)/;

/**
 * PostgreSQL processes count when they serve `database` or serve no database (checkpointer, WAL writer, ...);
 * backends of other databases (other people's work on a shared server) do not.
 */
function postgresTicks(database: string): Map<number, number> {
  const ticks = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return ticks; // not Linux: no per-process figures
  }
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    const stat = readOr(`/proc/${e}/stat`);
    if (!stat?.includes('(postgres)')) continue;
    const title = (readOr(`/proc/${e}/cmdline`) ?? '').replace(/\0/g, ' ').trim();
    const client = CLIENT_BACKEND.exec(title);
    if (client && client[1] !== database) continue;
    ticks.set(Number(e), procTicks(stat));
  }
  return ticks;
}

export function sampleCpu(serverPid: number, database: string): CpuSample {
  const usage = process.cpuUsage();
  const serverStat = readOr(`/proc/${serverPid}/stat`);
  const cpuLine = readOr('/proc/stat')?.split('\n')[0] ?? '';
  const parts = cpuLine.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: busy = user + nice + system + irq + softirq
  const busy = [0, 1, 2, 5, 6].reduce((s, i) => s + (parts[i] ?? 0), 0);
  return {
    at: performance.now(),
    client: (usage.user + usage.system) / 1e6,
    server: serverStat ? procTicks(serverStat) / TICK : Number.NaN,
    postgres: postgresTicks(database),
    machineBusy: busy / TICK,
  };
}

/** CPU used between two samples, in seconds. `other` is what the rest of the machine used meanwhile. */
export function cpuBetween(a: CpuSample, b: CpuSample): { wallS: number; client: number; server: number; postgres: number; machine: number; other: number } {
  const client = b.client - a.client;
  const server = b.server - a.server;
  // Per process: one that started meanwhile counts whole; one that ended meanwhile is lost (an undercount, never negative).
  let postgresTicksUsed = 0;
  for (const [pid, t] of b.postgres) postgresTicksUsed += t - (a.postgres.get(pid) ?? 0);
  const postgres = postgresTicksUsed / TICK;
  const machine = b.machineBusy - a.machineBusy;
  return { wallS: (b.at - a.at) / 1000, client, server, postgres, machine, other: Math.max(0, machine - client - (server || 0) - postgres) };
}

export function formatCpu(label: string, a: CpuSample, b: CpuSample, per: { unit: string; count: number }): string {
  const d = cpuBetween(a, b);
  const cores = (s: number) => (d.wallS > 0 ? (s / d.wallS).toFixed(2) : 'n/a');
  const each = (s: number) => (per.count > 0 ? ((s * 1000) / per.count).toFixed(2) : 'n/a');
  return (
    `${label}: CPU cores busy — server ${cores(d.server)}, postgres ${cores(d.postgres)}, bench client ${cores(d.client)}, other processes ${cores(d.other)} (whole machine ${cores(d.machine)}); ` +
    `CPU ms per ${per.unit} — server ${each(d.server)}, postgres ${each(d.postgres)}, client ${each(d.client)}`
  );
}

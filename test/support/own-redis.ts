import { type ChildProcess, spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort, requireProgram, trackChild } from './e2e-environment.js';

export interface OwnRedis {
  url: string;
  port: number;
  /** Kills the server (SIGKILL): its data is gone, as after a crash without persistence. */
  kill: () => Promise<void>;
  /** Starts it again, empty, on the same port. */
  start: () => Promise<void>;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection({ port, host: '127.0.0.1' }, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

/** A Redis server of the test's own (Debian's redis-server), for tests that take it away: the shared one is never touched. */
export async function ownRedis(): Promise<OwnRedis> {
  const program = requireProgram('redis-server', 'redis-server');
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    child = trackChild(spawn(program, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' }));
    for (let i = 0; i < 100 && !(await listening(port)); i++) await new Promise((r) => setTimeout(r, 50));
  };
  const kill = async (): Promise<void> => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, kill, start };
}

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import { mapLimit } from './stats.js';

/**
 * The baseline of bench:push: a bare socket.io server (no auth, no database) whose only handler acknowledges at once,
 * in a process of its own as the server under measurement is (bare-socket-io.server.ts) — which also keeps 10,000
 * clients and their 10,000 server ends out of one process's file limit. Answers emit-with-ack round-trip times of one
 * client, optionally while `idleClients` other clients stay connected.
 */
/** Starts the bare server in its own process; its URL and how to stop it. */
export async function startBareServer(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./bare-socket-io.server.js', import.meta.url))], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`bare socket.io server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => void child.kill('SIGTERM') };
}

export async function bareRoundTrips(samples: number, warmup: number, idleClients: number): Promise<number[]> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./bare-socket-io.server.js', import.meta.url))], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`bare socket.io server exited (${code})`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const clients: Socket[] = [];
  try {
    const connect = async (): Promise<Socket> => {
      const s = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
      clients.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      return s;
    };
    await mapLimit(idleClients, 25, () => connect());
    const probe = await connect();
    const out: number[] = [];
    for (let i = 0; i < warmup + samples; i++) {
      const t0 = performance.now();
      await probe.timeout(10_000).emitWithAck('ping');
      if (i >= warmup) out.push(performance.now() - t0);
    }
    return out;
  } finally {
    for (const c of clients) c.disconnect();
    child.kill('SIGTERM');
  }
}

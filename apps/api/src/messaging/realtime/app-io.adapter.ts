import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { PUSHES_RESYNC } from '@schoolflow/contracts';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { logger } from '../../infrastructure/logging/logger.js';
import { redisOutage, waitingOptions, watchRedis } from '../../infrastructure/redis/redis-connections.js';

/**
 * socket.io on the API's base path; with REDIS_URL, the Redis adapter so an emit on one instance reaches sockets
 * connected to every other. While Redis is away, emits reach this instance's sockets only; when it is back, every
 * socket here is told to catch up (its client asks for what it missed by sequence number), so nothing stays lost.
 */
export class AppIoAdapter extends IoAdapter {
  private clients: Redis[] = [];
  private offRestore: (() => void) | undefined;
  private closed = false;

  constructor(
    app: INestApplicationContext,
    private readonly path: string,
    private readonly redisUrl: string | null,
    private readonly redisPrefix: string,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, { ...options, path: this.path, serveClient: false, cors: { origin: false } } as ServerOptions) as Server;
    if (this.redisUrl) {
      // Every push is a PUBLISH (~4 per workflow command): auto-pipelined, the publishes of one tick (a batch's pushes
      // after its commit) go to Redis in one write instead of one write each (docs/benchmarks.md#benchworkflow).
      const pub = this.unawaited(new Redis(this.redisUrl, { ...waitingOptions(), enableAutoPipelining: true }), ['publish']);
      const sub = this.unawaited(new Redis(this.redisUrl, waitingOptions()), ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe']);
      for (const c of [pub, sub]) watchRedis(c);
      this.clients = [pub, sub];
      server.adapter(createAdapter(pub, sub, { key: `${this.redisPrefix}:socket.io` }));
      this.offRestore = redisOutage.onRestore(() => server.local.emit(PUSHES_RESYNC));
    }
    return server;
  }

  override async close(server: Server): Promise<void> {
    this.closed = true;
    this.offRestore?.();
    await super.close(server);
    // disconnect, not quit: with Redis away, quit would wait for a connection that is not coming.
    for (const c of this.clients) c.disconnect();
    this.clients = [];
  }

  /**
   * Socket.io's Redis adapter sends these commands and neither awaits nor catches them: publishes on `pub`, (un)subscribes
   * on `sub`. Work that ends during a stop (a subscription's last batch, a request's answer) still emits pushes after
   * close() has ended the clients, and an ended client refuses every command, as it refuses those still waiting when it
   * ends. Unhandled, such a refusal ended the process. A push is in the user's log and is caught up (docs/adr/0018), so
   * a refused command is dropped, and said only while the app runs.
   */
  private unawaited(client: Redis, commands: readonly ('publish' | 'subscribe' | 'psubscribe' | 'unsubscribe' | 'punsubscribe')[]): Redis {
    for (const name of commands) {
      const send = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
      const sendCaught = (...args: unknown[]): Promise<unknown> => {
        const sent = send(...args);
        sent.catch((err: unknown) => {
          if (!this.closed) logger.warn({ err: String(err), command: name }, 'a socket.io relay command to Redis failed');
        });
        return sent;
      };
      Object.assign(client, { [name]: sendCaught });
    }
    return client;
  }
}

import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { PUSHES_RESYNC } from '@schoolflow/contracts';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { redisOutage, waitingOptions, watchRedis } from '../../infrastructure/redis/redis-connections.js';

/**
 * socket.io on the API's base path; with REDIS_URL, the Redis adapter so an emit on one instance reaches sockets
 * connected to every other. While Redis is away, emits reach this instance's sockets only; when it is back, every
 * socket here is told to catch up (its client asks for what it missed by sequence number), so nothing stays lost.
 */
export class AppIoAdapter extends IoAdapter {
  private clients: Redis[] = [];
  private offRestore: (() => void) | undefined;

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
      const pub = new Redis(this.redisUrl, waitingOptions());
      const sub = pub.duplicate();
      for (const c of [pub, sub]) watchRedis(c);
      this.clients = [pub, sub];
      server.adapter(createAdapter(pub, sub, { key: `${this.redisPrefix}:socket.io` }));
      this.offRestore = redisOutage.onRestore(() => server.local.emit(PUSHES_RESYNC));
    }
    return server;
  }

  override async close(server: Server): Promise<void> {
    this.offRestore?.();
    await super.close(server);
    // disconnect, not quit: with Redis away, quit would wait for a connection that is not coming.
    for (const c of this.clients) c.disconnect();
    this.clients = [];
  }
}

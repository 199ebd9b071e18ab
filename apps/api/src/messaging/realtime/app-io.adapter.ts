import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';

/**
 * socket.io on the API's base path; with REDIS_URL, the Redis adapter so an emit on one instance reaches sockets
 * connected to every other.
 */
export class AppIoAdapter extends IoAdapter {
  private clients: Redis[] = [];

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
      const pub = new Redis(this.redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
      const sub = pub.duplicate();
      this.clients = [pub, sub];
      server.adapter(createAdapter(pub, sub, { key: `${this.redisPrefix}:socket.io` }));
    }
    return server;
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    await Promise.all(this.clients.map((c) => c.quit().catch(() => undefined)));
    this.clients = [];
  }
}

import { afterEach, describe, expect, it } from '@jest/globals';
import type { RedisAdapter } from '@socket.io/redis-adapter';
import { TEST_REDIS_URL, UNREACHABLE_REDIS_URL, until } from '../../infrastructure/redis/redis.testing.js';
import { AppIoAdapter } from './app-io.adapter.js';

/**
 * The socket server's Redis relay at close, on the real Redis the suite runs beside.
 * Work that ends during a stop (a subscription's last batch, a request's answer) still emits pushes after the socket
 * server has closed and its Redis clients have ended. Such a push is in the user's log and is caught up
 * (docs/adr/0018). Its relay must not become an unhandled rejection, which ends the process: it did, found on
 * 2026-11-30 by stopping a fresh start while the grades demo was being seeded.
 */
const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);

afterEach(() => {
  process.off('unhandledRejection', record);
  unhandled.length = 0;
});

const settled = () => new Promise((r) => setTimeout(r, 100));

function socketServer(redisUrl = TEST_REDIS_URL) {
  const adapter = new AppIoAdapter(undefined as never, '/socket.io', redisUrl, `spec-${process.pid}`);
  return { adapter, server: adapter.createIOServer(0) };
}

describe('AppIoAdapter at close', () => {
  it('an emit after the relay has ended leaves no rejection unhandled', async () => {
    process.on('unhandledRejection', record);
    const { adapter, server } = socketServer();
    // connected: the adapter's own subscription counts this server
    await until(async () => (await (server.of('/').adapter as RedisAdapter).serverCount()) >= 1);
    await adapter.close(server);

    server.to('user:someone').emit('workflow.changed' as never, { seq: '1' } as never);
    await settled();

    expect(unhandled).toEqual([]);
  });

  it('a stop while Redis is away, its subscriptions still waiting, leaves no rejection unhandled', async () => {
    process.on('unhandledRejection', record);
    const { adapter, server } = socketServer(UNREACHABLE_REDIS_URL);
    await adapter.close(server);
    await settled();

    expect(unhandled).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { commandClient } from './redis-connections.js';
import { TEST_REDIS_URL, until } from './redis.testing.js';
import { WindowCounter } from './window-counter.js';

/**
 * Places per distinct member (a questionnaire's answers per address, one per respondent), on the real Redis the suite
 * runs beside and on the per-instance count kept while Redis is away: both must answer alike.
 */
let redis: Redis;
beforeAll(async () => {
  redis = commandClient(TEST_REDIS_URL);
  await until(() => redis.status === 'ready');
});
afterAll(async () => {
  await redis.quit();
});

describe.each([
  ['on Redis', () => new WindowCounter(redis)],
  ['without Redis', () => new WindowCounter(null)],
])('WindowCounter.takeFor %s', (_, counter) => {
  const key = () => `spec:${process.pid}:${randomUUID()}`;

  it('a member takes one place; its repeats hold it, however many arrive at once', async () => {
    const c = counter();
    const k = key();
    const places = await Promise.all(Array.from({ length: 5 }, () => c.takeFor(k, 'device-a', 3, 60_000)));
    expect(places.sort()).toEqual(['held', 'held', 'held', 'held', 'taken']);
    expect(await c.takeFor(k, 'device-b', 3, 60_000)).toBe('taken');
    expect(await c.takeFor(k, 'device-c', 3, 60_000)).toBe('taken');
  });

  it('past the limit a new member finds none left, a member already in still holds its place', async () => {
    const c = counter();
    const k = key();
    for (const m of ['a', 'b']) expect(await c.takeFor(k, m, 2, 60_000)).toBe('taken');
    expect(await c.takeFor(k, 'c', 2, 60_000)).toBe('full');
    expect(await c.takeFor(k, 'a', 2, 60_000)).toBe('held');
  });

  it('a released place is free for another member', async () => {
    const c = counter();
    const k = key();
    for (const m of ['a', 'b']) await c.takeFor(k, m, 2, 60_000);
    await c.release(k, 'a');
    expect(await c.takeFor(k, 'c', 2, 60_000)).toBe('taken');
    expect(await c.takeFor(k, 'a', 2, 60_000)).toBe('full');
  });

  it('the window starts with the first member and ends for all of them', async () => {
    const c = counter();
    const k = key();
    await c.takeFor(k, 'a', 1, 150);
    expect(await c.takeFor(k, 'b', 1, 150)).toBe('full');
    await new Promise((r) => setTimeout(r, 250));
    expect(await c.takeFor(k, 'b', 1, 150)).toBe('taken');
  });
});

import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { DatabaseNotifications } from './database-notifications.js';
import { DIRECTORY_CHANNEL, DirectoryCache } from './directory-cache.js';

/**
 * The rules of the directory's kept reads, on a stand-in for the LISTEN connection (its delivery runs end to end in
 * test/workflow/directory-reads.e2e-spec.ts).
 */
function listener() {
  const handlers = new Map<string, () => void>();
  const resets: (() => void)[] = [];
  const l = {
    live: true,
    syncs: 0,
    /** What a check brings in before it answers (an announcement still on its way, say). */
    onSync: () => undefined as void,
    sync: async () => {
      l.syncs += 1;
      l.onSync();
      return l.live;
    },
    on: async (channel: string, fn: () => void) => void handlers.set(channel, fn),
    onReset: (fn: () => void) => void resets.push(fn),
    announce: () => handlers.get(DIRECTORY_CHANNEL)?.(),
    reset: () => resets.forEach((fn) => fn()),
  };
  return l;
}

async function cache() {
  const l = listener();
  const c = new DirectoryCache(l as unknown as DatabaseNotifications);
  await c.onModuleInit();
  return { c, l };
}

const READ = { sql: 'SELECT …' };
let loads = 0;
const load = (value: unknown = { office: ['o1'] }) => async () => {
  loads += 1;
  return structuredClone(value);
};

afterEach(() => {
  loads = 0;
  jest.useRealTimers();
});

describe('DirectoryCache', () => {
  it('keeps a read per key until a change is announced', async () => {
    const { c, l } = await cache();
    await c.read(READ, 'u1', load());
    await c.read(READ, 'u1', load());
    await c.read(READ, 'u2', load());
    await c.read({ sql: 'another read' }, 'u1', load());
    expect(loads).toBe(3);
    l.announce();
    await c.read(READ, 'u1', load());
    expect(loads).toBe(4);
  });

  it('checks a kept read before answering it — a change the check brings in drops it — and a miss not at all', async () => {
    const { c, l } = await cache();
    await c.read(READ, 'u1', load({ office: ['before'] }));
    expect(l.syncs).toBe(0);
    expect(await c.read(READ, 'u1', load())).toEqual({ office: ['before'] });
    expect(l.syncs).toBe(1);
    l.onSync = () => l.announce();
    expect(await c.read(READ, 'u1', load({ office: ['after'] }))).toEqual({ office: ['after'] });
    expect({ syncs: l.syncs, loads }).toEqual({ syncs: 2, loads: 2 });
  });

  it('neither keeps nor answers from the cache while the LISTEN connection is not live, and forgets all when it resets', async () => {
    const { c, l } = await cache();
    await c.read(READ, 'u1', load());
    l.live = false;
    await c.read(READ, 'u1', load());
    await c.read(READ, 'u1', load());
    expect(loads).toBe(3);
    l.live = true;
    l.reset();
    await c.read(READ, 'u1', load());
    expect(loads).toBe(4);
  });

  it('answers but does not keep a read a change was announced during', async () => {
    const { c, l } = await cache();
    let release: () => void = () => undefined;
    const slow = c.read(READ, 'u1', async () => {
      loads += 1;
      await new Promise<void>((r) => (release = r));
      return { office: ['before the change'] };
    });
    await new Promise((r) => setImmediate(r));
    l.announce();
    release();
    expect(await slow).toEqual({ office: ['before the change'] });
    expect(await c.read(READ, 'u1', load({ office: ['after'] }))).toEqual({ office: ['after'] });
  });

  it('reads again after 30 s even without an announcement', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const { c } = await cache();
    await c.read(READ, 'u1', load());
    jest.setSystemTime(1_000_000 + 30_000);
    await c.read(READ, 'u1', load());
    expect(loads).toBe(1);
    jest.setSystemTime(1_000_000 + 30_001);
    await c.read(READ, 'u1', load());
    expect(loads).toBe(2);
  });

  it('hands out a kept read frozen: no caller can change it for the others', async () => {
    const { c } = await cache();
    await c.read(READ, 'u1', load({ candidates: [{ id: 's1', guardians: ['g1'] }] }));
    const kept = (await c.read(READ, 'u1', load())) as { candidates: { guardians: string[] }[] };
    expect(() => kept.candidates[0]?.guardians.push('g2')).toThrow(/not extensible/);
  });
});

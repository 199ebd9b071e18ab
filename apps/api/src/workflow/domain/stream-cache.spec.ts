import { describe, expect, it } from '@jest/globals';
import type { AnyMachineSnapshot } from 'xstate';
import type { ServerConfig } from '../../config/app-config.js';
import type { DatabaseNotifications } from '../../infrastructure/database/database-notifications.js';
import { DECIDED_KEPT, StreamCache } from './stream-cache.js';

// The transitions the engine decided, as the subscriptions find them (docs/adr/0072): under the version each event
// was appended at, the oldest dropped past DECIDED_KEPT, all forgotten when the listener resets.

/** A snapshot a test can name. */
const state = (name: string) => ({ value: name }) as unknown as AnyMachineSnapshot;

/** A cache over a listener the test drives: its announcements and its reset. */
async function cache(): Promise<{ streams: StreamCache; announce: (payload: string) => void; reset: () => void }> {
  let announce: (payload: string) => void = () => {};
  let reset: () => void = () => {};
  const listener = {
    live: true,
    on: async (_channel: string, fn: (payload: string) => void) => {
      announce = fn;
    },
    onReset: (fn: () => void) => {
      reset = fn;
    },
  };
  const streams = new StreamCache(listener as unknown as DatabaseNotifications, { streamCacheMax: 10 } as ServerConfig);
  await streams.onModuleInit();
  return { streams, announce: (p) => announce(p), reset: () => reset() };
}

describe('StreamCache: decided transitions (docs/adr/0072)', () => {
  it('given a command and its automatic events appended at version 3, then events 4, 5 and 6 each have the states around them', async () => {
    const { streams } = await cache();
    streams.rememberDecided('leave-1', 3, [state('v3'), state('v4'), state('v5'), state('v6')]);
    const around = (v: number) => {
      const t = streams.decidedAt('leave-1', v);
      return t ? [t.before.value, t.after.value] : null;
    };
    expect([3, 4, 5, 6, 7].map(around)).toEqual([null, ['v3', 'v4'], ['v4', 'v5'], ['v5', 'v6'], null]);
    expect(streams.decidedAt('leave-2', 4)).toBeUndefined();
  });

  it(`keeps ${DECIDED_KEPT} at most, not the stream cache's size, and drops the oldest first`, async () => {
    const { streams } = await cache();
    for (let i = 0; i <= DECIDED_KEPT; i++) streams.rememberDecided(`leave-${i}`, 0, [state('new'), state(`s${i}`)]);
    expect(streams.decidedAt('leave-0', 1)).toBeUndefined();
    expect(streams.decidedAt('leave-1', 1)?.after.value).toBe('s1');
    expect(streams.decidedAt(`leave-${DECIDED_KEPT}`, 1)?.after.value).toBe(`s${DECIDED_KEPT}`);
  });

  it('when the listener resets, or an announcement is too large to name its streams, then every decided transition is forgotten', async () => {
    const c = await cache();
    c.streams.rememberDecided('leave-1', 0, [state('new'), state('review')]);
    c.announce('leave-9:1');
    expect(c.streams.decidedAt('leave-1', 1)).toBeDefined();
    c.announce('*');
    expect(c.streams.decidedAt('leave-1', 1)).toBeUndefined();
    c.streams.rememberDecided('leave-1', 1, [state('review'), state('passed')]);
    c.reset();
    expect(c.streams.decidedAt('leave-1', 2)).toBeUndefined();
  });
});

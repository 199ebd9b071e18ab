import { describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { DatabaseNotifications } from '../../infrastructure/database/database-notifications.js';
import { UiStringOverrides } from './ui-string-overrides.js';
import type { OverrideRecord, UiStringsRepository } from './ui-strings.repository.js';

/** A repository whose reads the test answers, one at a time, in the order it chooses. */
function heldReads() {
  const pending: ((rows: OverrideRecord[]) => void)[] = [];
  const repo = { all: () => new Promise<OverrideRecord[]>((resolve) => pending.push(resolve)) } as unknown as UiStringsRepository;
  return { repo, answer: (i: number, rows: OverrideRecord[]) => pending[i]?.(rows) };
}

const saved: OverrideRecord = { lang: 'zh', namespace: 'languages', key: 'page.overriddenCount', value: '共 {{count}} 条已改', updated_at: new Date(), updated_by: null };
const settled = async (p: Promise<unknown>) => Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), 20))]);

describe('UiStringOverrides.reload', () => {
  it('given a write reloading while its own announcement reloads too, when the write\'s read ends first, then it waits for the later read and answers the saved words', async () => {
    const { repo, answer } = heldReads();
    const overrides = new UiStringOverrides({} as DataSource, repo, {} as DatabaseNotifications);
    const write = overrides.reload(); // the write's own reload
    const announced = overrides.reload(); // the database's announcement of that write, a moment later
    answer(0, [saved]);
    expect(await settled(write)).toBe(false); // not answered from a read whose rows were dropped
    answer(1, [saved]);
    await Promise.all([write, announced]);
    expect(overrides.of('zh', 'languages', 'page.overriddenCount')?.value).toBe(saved.value);
  });

  it('given two reads, when the later one ends first, then the earlier one\'s rows do not replace it', async () => {
    const { repo, answer } = heldReads();
    const overrides = new UiStringOverrides({} as DataSource, repo, {} as DatabaseNotifications);
    const first = overrides.reload();
    const second = overrides.reload();
    answer(1, [saved]);
    await second;
    answer(0, []);
    await first;
    expect(overrides.all()).toHaveLength(1);
  });
});

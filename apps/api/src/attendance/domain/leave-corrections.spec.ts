import { describe, expect, it } from '@jest/globals';
import { correctRollsForLeave, type EffectDb, mayHaveTakenRolls } from './leave-corrections.js';

const TZ = 'Asia/Shanghai';
const at = (text: string): number => Date.parse(text);

/** The effect's transaction, as far as the rule needs one: the statements it was sent. */
function recordingDb(): EffectDb & { sent: unknown[][] } {
  const sent: unknown[][] = [];
  return { sent, query: async <R>(_sql: string, params?: unknown[]) => (sent.push(params ?? []), [] as R) };
}

describe('mayHaveTakenRolls', () => {
  const morning = at('2026-11-30T10:00:00+08:00');

  it('given a leave beginning tomorrow, when it passes this morning, then no roll can lie inside it', () => {
    expect(mayHaveTakenRolls('2026-12-01T00:00:00+08:00', morning, TZ)).toBe(false);
  });

  it('given a leave beginning later today, then today’s rolls may already be taken', () => {
    expect(mayHaveTakenRolls('2026-11-30T23:00:00+08:00', morning, TZ)).toBe(true);
  });

  it('given a leave that began yesterday (entered afterwards), then its rolls are there', () => {
    expect(mayHaveTakenRolls('2026-11-29T08:00:00+08:00', morning, TZ)).toBe(true);
  });

  it('given a moment before midnight, then tomorrow counts too (an instance whose clock is ahead may have saved it)', () => {
    expect(mayHaveTakenRolls('2026-12-01T08:00:00+08:00', at('2026-11-30T23:57:00+08:00'), TZ)).toBe(true);
    expect(mayHaveTakenRolls('2026-12-01T08:00:00+08:00', at('2026-11-30T23:50:00+08:00'), TZ)).toBe(false);
  });

  it('given the effect replayed after the leave has begun, then it corrects', () => {
    expect(mayHaveTakenRolls('2026-12-01T00:00:00+08:00', at('2026-12-01T09:00:00+08:00'), TZ)).toBe(true);
  });

  it('given a start that is not an instant, then it does not guess: the statement decides', () => {
    expect(mayHaveTakenRolls('', morning, TZ)).toBe(true);
  });
});

describe('correctRollsForLeave', () => {
  const leave = { instanceId: 'L', studentId: 'S', start: '2026-12-01T08:00:00+08:00', end: '2026-12-02T07:00:00+08:00' };

  it('given a leave asked for in advance, when it passes, then no statement is sent', async () => {
    const db = recordingDb();
    await correctRollsForLeave(db, leave, TZ, at('2026-11-30T10:00:00+08:00'));
    expect(db.sent).toEqual([]);
  });

  it('given a leave that has begun, when it passes, then its rolls are corrected in the school’s time zone', async () => {
    const db = recordingDb();
    await correctRollsForLeave(db, leave, TZ, at('2026-12-01T10:00:00+08:00'));
    expect(db.sent).toEqual([['L', 'S', leave.start, leave.end, TZ]]);
  });
});

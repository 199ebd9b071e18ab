import { describe, expect, it } from '@jest/globals';
import { PushSequencer } from './push-sequencer.js';

function sequencer(position: string | null = '4'): { s: PushSequencer<string>; applied: string[] } {
  const applied: string[] = [];
  return { s: new PushSequencer<string>((push) => applied.push(push), position), applied };
}

describe('the push sequencer (docs/adr/0018)', () => {
  it('given pushes in order, when they arrive, then each is applied once, in order', () => {
    const { s, applied } = sequencer();
    for (const n of ['5', '6', '6', '7', '3']) s.live(n, `p${n}`);
    expect(applied).toEqual(['p5', 'p6', 'p7']);
    expect(s.position).toBe('7');
  });

  it('given a push a hop behind, when a later one arrives first, then it is held until the missing one comes', () => {
    const { s, applied } = sequencer();
    expect(s.live('6', 'p6')).toBe(true); // 5 is missing: held, start the gap timer
    expect(applied).toEqual([]);
    expect(s.live('5', 'p5')).toBe(false);
    expect(applied).toEqual(['p5', 'p6']);
    expect(s.waiting).toBe(false);
  });

  it('given a missing push that never comes live, when the catch-up answers it, then everything applies in order', () => {
    const { s, applied } = sequencer();
    s.live('7', 'p7');
    s.live('6', 'p6');
    expect(s.waiting).toBe(true);
    s.beginCatchUp();
    s.live('8', 'p8'); // during the catch-up: held
    for (const n of ['5', '6', '7']) s.stored(n, `db${n}`);
    expect(s.endCatchUp()).toBe(false);
    expect(applied).toEqual(['db5', 'db6', 'db7', 'p8']);
  });

  it('given a number the database does not have, when the catch-up answers past it, then nothing waits for it forever', () => {
    const { s, applied } = sequencer();
    s.live('7', 'p7'); // 5 and 6: 5 never written (a skipped insert), 6 on its way
    s.beginCatchUp();
    s.stored('6', 'db6');
    s.stored('7', 'db7');
    expect(s.endCatchUp()).toBe(false);
    expect(applied).toEqual(['db6', 'db7']);
  });

  it('given a push past a gap during a catch-up, when the catch-up ends short of it, then it keeps waiting (again)', () => {
    const { s, applied } = sequencer();
    s.beginCatchUp();
    s.live('7', 'p7');
    s.stored('5', 'db5');
    expect(s.endCatchUp()).toBe(true); // 6 is still missing: wait, then catch up again
    expect(applied).toEqual(['db5']);
  });

  it('given no position yet, when the first push comes, then it is applied (the baseline is the first seen)', () => {
    const { s, applied } = sequencer(null);
    s.live('12', 'p12');
    expect(applied).toEqual(['p12']);
    s.baseline('20');
    s.live('21', 'p21');
    expect(applied).toEqual(['p12', 'p21']);
  });
});

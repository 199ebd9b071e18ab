import { describe, expect, it } from '@jest/globals';
import type { ConsultMessage } from '@schoolflow/contracts';
import { lastSeq, mergeMessages, skipsNumber } from './chat-merge.js';

const m = (seq: number, body = `m${seq}`): ConsultMessage => ({ conversationId: 'c', seq, sender: 'visitor', agentName: null, body, params: null, at: '', clientId: null });

describe('mergeMessages', () => {
  it('orders by number whatever the arrival order and shows each once', () => {
    const merged = mergeMessages([m(1), m(3)], [m(2), m(3, 'again'), m(4)]);
    expect(merged.map((x) => x.seq)).toEqual([1, 2, 3, 4]);
    expect(merged.filter((x) => x.seq === 3)).toHaveLength(1);
  });

  it('keeps the same list when nothing arrives', () => {
    const shown = [m(1)];
    expect(mergeMessages(shown, [])).toBe(shown);
  });
});

describe('skipsNumber', () => {
  it('is true only when a number is missing before the pushed one', () => {
    expect(skipsNumber([m(1), m(2)], m(3))).toBe(false);
    expect(skipsNumber([m(1), m(2)], m(5))).toBe(true);
    expect(skipsNumber([], m(1))).toBe(false);
    expect(skipsNumber([m(1), m(2)], m(2))).toBe(false);
    expect(lastSeq([])).toBe(0);
  });
});

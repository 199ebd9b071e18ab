import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@schoolflow/event-store';
import { leaveFlow, stateString } from '@schoolflow/workflows';
import { committedTransitions, FoldedStreams, type StoredRow } from './committed-transitions.js';
import type { FlowPlugin } from './flow-plugin.js';

const ROUTE = { headTeacher: ['ht'], office: ['off'], principal: ['pr'] };
const SUBMIT = {
  actorId: 'stu', studentId: 's1', studentUserId: 'stu', leaveType: 'personal', start: '2026-12-07T08:00:00+08:00', end: '2026-12-08T07:00:00+08:00',
  durationHours: 23, durationDays: 1, reason: 'family', attachments: [], route: ROUTE, thresholdDays: 3,
};
const plugin = { definition: leaveFlow } as unknown as FlowPlugin;
const STREAM = 'leave-00000000-0000-0000-0000-000000000001';

/** The stream as committed: SUBMIT, the head teacher's APPROVE, the office's APPROVE. */
const rows: StoredRow[] = [
  { stream_id: STREAM, type: 'SUBMIT', data: SUBMIT, version: 1 },
  { stream_id: STREAM, type: 'APPROVE', data: { actorId: 'ht' }, version: 2 },
  { stream_id: STREAM, type: 'APPROVE', data: { actorId: 'off' }, version: 3 },
];
const recorded = (r: StoredRow, position: number): RecordedEvent =>
  ({ position: String(position), transactionId: String(position), streamId: r.stream_id, streamType: 'leave', version: r.version, type: r.type, data: r.data, metadata: {}, recordedAt: new Date() }) as RecordedEvent;

/** The database as the subscriber's transaction: the stream's rows, and every read counted. */
function store() {
  const reads: string[][] = [];
  return {
    reads,
    query: async (_sql: string, params: unknown[]): Promise<StoredRow[]> => {
      const ids = params[0] as string[];
      reads.push(ids);
      return rows.filter((r) => ids.includes(r.stream_id));
    },
  };
}

describe('committedTransitions', () => {
  it('given a batch holding the whole stream, when handled, then it is read at most once and each event continues from the one before', async () => {
    const db = store();
    const t = await committedTransitions(rows.map(recorded), () => plugin, db.query);
    expect(db.reads).toEqual([]); // the batch starts the stream: nothing before it to read
    expect(t.map((x) => [stateString(x.before.value), stateString(x.after.value)])).toEqual([
      ['new', 'headTeacherReview'],
      ['headTeacherReview', 'officeReview'],
      ['officeReview', 'approved.notCancelled'],
    ]);
    expect(t[2]?.history.map((h) => h.version)).toEqual([1, 2]);
  });

  it('given the states kept from earlier batches, when the next events come one batch each, then the stream is never read', async () => {
    const db = store();
    const kept = new FoldedStreams();
    const batches = [];
    for (const [i, r] of rows.entries()) batches.push(await committedTransitions([recorded(r, i + 1)], () => plugin, db.query, kept));
    expect(db.reads).toEqual([]);
    const last = batches[2]?.[0];
    expect(stateString(last?.after.value)).toBe('approved.notCancelled');
    expect(last?.history.map((h) => [h.type, h.data.actorId])).toEqual([['SUBMIT', 'stu'], ['APPROVE', 'ht']]);
  });

  it('given no kept state (another instance handled the earlier events), when an approval comes, then its stream is read and folded', async () => {
    const db = store();
    const [t] = await committedTransitions([recorded(rows[2] as StoredRow, 3)], () => plugin, db.query, new FoldedStreams());
    expect(db.reads).toEqual([[STREAM]]);
    expect(stateString(t?.before.value)).toBe('officeReview');
    expect(t?.history.map((h) => h.version)).toEqual([1, 2]);
  });

  it('given a kept state of a later version (an older event replayed), then it is not used: the stream is read', async () => {
    const db = store();
    const kept = new FoldedStreams();
    await committedTransitions(rows.map(recorded), () => plugin, db.query, kept);
    const [t] = await committedTransitions([recorded(rows[1] as StoredRow, 2)], () => plugin, db.query, kept);
    expect(db.reads).toEqual([[STREAM]]);
    expect(stateString(t?.after.value)).toBe('officeReview');
  });

  it('given more streams than it keeps, then the least recently handled is forgotten', () => {
    const kept = new FoldedStreams(2);
    const folded = (version: number) => ({ version, snapshot: {} as never, history: [] });
    kept.keep('a', folded(1));
    kept.keep('b', folded(1));
    kept.keep('a', folded(2));
    kept.keep('c', folded(1));
    expect(kept.before('b', 2)).toBeUndefined();
    expect(kept.before('a', 3)?.version).toBe(2);
    expect(kept.before('c', 2)?.version).toBe(1);
  });
});

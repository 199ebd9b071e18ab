import { describe, expect, it } from '@jest/globals';
import type { ReceiptRow, Submission } from '@schoolflow/contracts';
import { homeworkOverview } from './homework-overview.js';

const recipient = (over: Partial<ReceiptRow>): ReceiptRow => ({
  userId: 'u',
  name: 'n',
  account: 'a',
  role: 'student',
  studentId: null,
  studentName: null,
  classId: 'c1',
  className: '高一(1)班',
  readAt: null,
  confirmedAt: null,
  confirmedByName: null,
  signatureId: null,
  ...over,
});
const submission = (studentId: string, late: boolean, over: Partial<Submission> = {}): Submission => ({
  postId: 'p',
  studentId,
  studentName: `s-${studentId}`,
  className: '高一(1)班',
  text: 't',
  attachments: [],
  submittedBy: 'x',
  submittedAt: '2026-11-28T08:00:00.000Z',
  updatedAt: '2026-11-28T08:00:00.000Z',
  late,
  comment: null,
  score: null,
  reviewedAt: null,
  ...over,
});

describe('homeworkOverview', () => {
  it('lists every student recipient as on time, late or not yet, and counts them', () => {
    const recipients = [
      recipient({ userId: 'u1', name: '甲', account: 's1', studentId: 's1' }),
      recipient({ userId: 'u2', name: '乙', account: 's2', studentId: 's2' }),
      recipient({ userId: 'u3', name: '丙', account: 's3', studentId: 's3' }),
    ];
    const o = homeworkOverview(recipients, [submission('s2', true), submission('s1', false)]);
    expect(o.rows.map((r) => [r.name, r.state])).toEqual([
      ['甲', 'onTime'],
      ['乙', 'late'],
      ['丙', 'missing'],
    ]);
    expect(o.rows[2]?.submission).toBeNull();
    expect(o.counts).toEqual({ total: 3, onTime: 1, late: 1, missing: 1 });
  });

  it('leaves out parents and staff, and a student met twice counts once', () => {
    const recipients = [
      recipient({ userId: 'u1', name: '甲', studentId: 's1' }),
      recipient({ userId: 'p1', name: '甲家长', role: 'parent', studentId: 's1' }),
      recipient({ userId: 't1', name: '老师', role: 'staff' }),
      recipient({ userId: 'u1', name: '甲', studentId: 's1' }),
    ];
    const o = homeworkOverview(recipients, []);
    expect(o.rows.map((r) => r.name)).toEqual(['甲']);
    expect(o.counts).toEqual({ total: 1, onTime: 0, late: 0, missing: 1 });
  });

  it('keeps a submission whose student is not among the recipient rows', () => {
    const o = homeworkOverview([], [submission('s9', false, { studentName: '丁' })]);
    expect(o.rows).toMatchObject([{ studentId: 's9', name: '丁', state: 'onTime' }]);
    expect(o.counts.onTime).toBe(1);
  });
});

import type { ReceiptRow, Submission } from '@schoolflow/contracts';

export type HandInState = 'onTime' | 'late' | 'missing';

export interface OverviewRow {
  studentId: string;
  name: string;
  account: string;
  className: string | null;
  state: HandInState;
  submission: Submission | null;
}

export interface HomeworkOverview {
  rows: OverviewRow[];
  counts: Record<HandInState, number> & { total: number };
}

/**
 * The class overview of a homework (issue 24 §3): every student it went to — the post's recipients with the student
 * role, a snapshot taken when it was published — beside their submission, if any. The server's submissions list
 * holds only those handed in, so "not yet" is whoever is among the recipients and not among the submissions.
 * Kept in the receipts' order (class, then account); a submission whose student is no longer a recipient row (the
 * author narrowed nothing, but a parent may have handed in for a child named directly) is still listed.
 */
export function homeworkOverview(recipients: readonly ReceiptRow[], submissions: readonly Submission[]): HomeworkOverview {
  const byStudent = new Map(submissions.map((s) => [s.studentId, s]));
  const rows: OverviewRow[] = [];
  const seen = new Set<string>();
  const stateOf = (s: Submission | null): HandInState => (s ? (s.late ? 'late' : 'onTime') : 'missing');
  for (const r of recipients) {
    if (r.role !== 'student' || !r.studentId || seen.has(r.studentId)) continue;
    seen.add(r.studentId);
    const submission = byStudent.get(r.studentId) ?? null;
    rows.push({ studentId: r.studentId, name: r.name, account: r.account, className: r.className, state: stateOf(submission), submission });
  }
  for (const s of submissions) {
    if (seen.has(s.studentId)) continue;
    seen.add(s.studentId);
    rows.push({ studentId: s.studentId, name: s.studentName, account: '', className: s.className, state: stateOf(s), submission: s });
  }
  const counts = { total: rows.length, onTime: 0, late: 0, missing: 0 };
  for (const r of rows) counts[r.state] += 1;
  return { rows, counts };
}

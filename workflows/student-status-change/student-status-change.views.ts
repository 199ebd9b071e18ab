import { z } from 'zod';
import type { StatusChangeKind } from './student-status-change.form.js';

/**
 * 学籍异动's history view (the server answers it; the form shows it beside the chosen student): the student's status
 * now and every change a passed request made, newest first.
 * `GET /api/workflows/student-status-change/views/history?studentId`.
 */
export const statusHistoryQuerySchema = z.object({
  studentId: z.string({ error: 'validation.studentRequired' }).uuid('validation.studentRequired'),
});
export type StatusHistoryQuery = z.infer<typeof statusHistoryQuerySchema>;

/** A student's status (student.status). */
export type StudentStatus = 'enrolled' | 'suspended' | 'transferred_out';

export interface StatusChangeRecord {
  /** The request that made it. */
  instanceId: string;
  kind: StatusChangeKind;
  effectiveDate: string;
  fromStatus: StudentStatus;
  toStatus: StudentStatus;
  fromClass: string | null;
  toClass: string | null;
  changedAt: string;
}

export interface StatusHistory {
  student: { id: string; name: string; studentNo: string; className: string; status: StudentStatus };
  changes: StatusChangeRecord[];
}

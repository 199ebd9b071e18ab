import { Injectable } from '@nestjs/common';
import { isUuid, type Language, type SaveSheetInput, scoreProblem } from '@schoolflow/contracts';
import { isSheetEditable } from '@schoolflow/workflows/grade-confirmation/grade-confirmation.machine.js';
import { DataSource } from 'typeorm';
import { AppException } from '../../../infrastructure/http/app-exception.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { OperationLogService } from '../../../system/domain/operation-log.service.js';
import { GradeSheetsRepository, type ScoreWrite, type SheetHead } from '../../domain/grade-sheets.repository.js';
import { GradesErrors } from '../../grades.errors.js';

/**
 * Saving a sheet's scores (docs/product/grades.md#entering-scores, PUT): only its teacher (403), only while it is theirs — entering, or returned
 * by a reviewer (422), each score 0..full marks with at most two decimals (400, naming the row). A sheet with score
 * items takes the items and sums them. Checked again under the instance's row lock, so a submit sent at the same
 * moment waits for the save, or the save sees the sheet submitted.
 */
@Injectable()
export class SaveSheet {
  constructor(
    private readonly db: DataSource,
    private readonly sheets: GradeSheetsRepository,
    private readonly oplog: OperationLogService,
  ) {}

  async execute(batchId: string, classId: string, courseId: string, input: SaveSheetInput, me: Principal, client: ClientInfo, lang: Language): Promise<{ saved: number }> {
    const head = [batchId, classId, courseId].every(isUuid) ? await this.sheets.head(batchId, classId, courseId, lang) : null;
    if (!head) throw GradesErrors.sheetNotFound();
    if (head.teacherId !== me.userId) {
      await this.oplog.append({ userId: me.userId, account: me.account, action: 'access.denied', target: `PUT grades/sheets/${head.instanceId}`, result: 'denied', ip: client.ip, userAgent: client.userAgent, detail: { reason: 'grades.errors.notYourSheet' } });
      throw GradesErrors.notYourSheet();
    }
    if (!isSheetEditable(head.state)) throw GradesErrors.sheetLocked();
    refuseRepeatedStudents(input);
    const onSheet = new Set((await this.sheets.rows(batchId, classId, courseId)).map((r) => r.studentId));
    const writes = input.scores.map((row, index) => toWrite(row, index, head, onSheet));
    await this.db.transaction(async (tx) => {
      const state = await this.sheets.lockState(tx, head.instanceId);
      if (state === null || !isSheetEditable(state)) throw GradesErrors.sheetLocked();
      await this.sheets.save(tx, head, writes, me.userId);
    });
    return { saved: writes.length };
  }
}

/** Each student at most once: the first row that repeats one is refused, naming both rows (1-based, as the page counts). */
function refuseRepeatedStudents(input: SaveSheetInput): void {
  const firstRow = new Map<string, number>();
  input.scores.forEach((row, index) => {
    const id = row.studentId.toLowerCase(); // PostgreSQL reads a uuid in either case as the same id
    const first = firstRow.get(id);
    if (first !== undefined) throw GradesErrors.studentTwice(index + 1, first, row.studentId);
    firstRow.set(id, index + 1);
  });
}

/** One row of the body as stored, or the refusal naming it (its place in the body and the student). */
function toWrite(row: SaveSheetInput['scores'][number], index: number, head: SheetHead, onSheet: Set<string>): ScoreWrite {
  const refuse = (key: string, params: Record<string, unknown> = {}): never => {
    throw AppException.badRequest(key, params).withData({ row: index + 1, studentId: row.studentId });
  };
  if (!onSheet.has(row.studentId)) refuse('validation.studentNotOnSheet');
  const mark = row.mark ?? null;
  let items: Record<string, number | null> = {};
  let score = row.score ?? null;
  if (head.items.length > 0 && row.items) {
    for (const [id, value] of Object.entries(row.items)) {
      const item = head.items.find((i) => i.id === id);
      if (!item) refuse('validation.fieldInvalid', { field: id });
      if (value !== null) {
        const problem = scoreProblem(value, (item as { fullMarks: number }).fullMarks);
        if (problem) refuse(problem, { max: (item as { fullMarks: number }).fullMarks });
      }
    }
    items = row.items;
    const given = Object.values(items).filter((v): v is number => v !== null);
    score = given.length > 0 ? Math.round(given.reduce((a, b) => a + b, 0) * 100) / 100 : null;
  }
  if (score !== null) {
    const problem = scoreProblem(score, head.fullMarks);
    if (problem) refuse(problem, { max: head.fullMarks });
  }
  // a mark (absent, exempt) stands instead of a score
  return { studentId: row.studentId, score: mark ? null : score, mark, items };
}

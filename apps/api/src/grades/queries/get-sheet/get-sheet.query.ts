import { Injectable } from '@nestjs/common';
import { type GradeSheet, isUuid, type Language } from '@schoolflow/contracts';
import { isSheetEditable } from '@schoolflow/workflows/grade-confirmation/grade-confirmation.machine.js';
import type { Principal } from '../../../infrastructure/http/request-context.js';
import { GradeSheetsRepository } from '../../domain/grade-sheets.repository.js';
import { mayReadSheet } from '../../domain/sheet-access.js';
import { GradesErrors } from '../../grades.errors.js';
import { AppException } from '../../../infrastructure/http/app-exception.js';

/** A sheet as its page shows it (docs/product/grades.md#calls: GET …/sheets/{classId}/{courseId}). */
@Injectable()
export class GetSheet {
  constructor(private readonly sheets: GradeSheetsRepository) {}

  async execute(batchId: string, classId: string, courseId: string, me: Principal, lang: Language): Promise<GradeSheet> {
    const head = [batchId, classId, courseId].every(isUuid) ? await this.sheets.head(batchId, classId, courseId, lang) : null;
    if (!head) throw GradesErrors.sheetNotFound();
    if (!mayReadSheet(me, head)) throw AppException.forbidden();
    const editable = isSheetEditable(head.state);
    return {
      instanceId: head.instanceId,
      state: head.state,
      version: head.version,
      editable,
      mine: editable && head.teacherId === me.userId,
      fullMarks: head.fullMarks,
      batch: { id: head.batchId, name: head.batchName, published: head.published },
      class: { id: head.classId, name: head.className },
      course: { id: head.courseId, name: head.courseName },
      teacher: { id: head.teacherId, name: head.teacherName },
      items: head.items,
      rejection: head.state === 'entering.returned' ? head.lastComment : null,
      rows: await this.sheets.rows(batchId, classId, courseId),
    };
  }
}

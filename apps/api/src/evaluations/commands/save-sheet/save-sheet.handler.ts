import { Injectable } from '@nestjs/common';
import { type EvalRole, type EvalSheetSaved, evalScoreProblem, type evalSheetSaveSchema } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { EvaluationAccess } from '../../domain/evaluation-access.js';
import { ProgressNotifier } from '../../domain/progress-notifier.js';
import { SheetContexts } from '../../domain/sheet-context.js';
import { SheetsRepository } from '../../domain/sheets.repository.js';
import { EvaluationsErrors } from '../../evaluations.errors.js';

/**
 * `PUT …/sheets/{classId}?evaluator=` — the grid's autosave (docs/product/evaluations.md#sheets): inside the window,
 * only the caller's students and the role's contents, each score 0…the content's top; all or nothing, then the class's
 * head teacher hears the progress (after the commit, through the outbox).
 */
@Injectable()
export class SaveSheet {
  constructor(
    private readonly db: DataSource,
    private readonly contexts: SheetContexts,
    private readonly sheets: SheetsRepository,
    private readonly access: EvaluationAccess,
    private readonly progress: ProgressNotifier,
  ) {}

  async execute(roundId: string, classId: string, role: EvalRole, input: z.output<typeof evalSheetSaveSchema>, me: Principal, client: ClientInfo): Promise<EvalSheetSaved> {
    const action = 'evaluation.sheet.save';
    const ctx = await this.contexts.load(roundId, classId, role, me, client, action);
    const target = `${roundId}/${classId}/${role}`;
    if (ctx.round.phase !== 'open') {
      await this.access.refused(me, client, action, target, 'evaluations.errors.notInWindow');
      throw EvaluationsErrors.notInWindow();
    }
    const students = new Set(ctx.students.map((s) => s.studentId));
    const contents = new Map(ctx.contents.map((c) => [c.id, c]));
    for (const cell of input.cells) {
      if (!students.has(cell.studentId)) {
        await this.access.refused(me, client, action, target, 'evaluations.errors.studentNotInSheet');
        throw EvaluationsErrors.studentNotInSheet();
      }
      const content = contents.get(cell.contentId);
      if (!content) throw EvaluationsErrors.contentNotInSheet();
      if (cell.score !== null && evalScoreProblem(cell.score, content.maxScore)) throw EvaluationsErrors.scoreOutOfRange(content.name, content.maxScore);
    }
    if (input.comments.some((c) => !students.has(c.studentId))) throw EvaluationsErrors.studentNotInSheet();
    const key = { roundId, classId, userId: me.userId, role };
    const filled = await this.db.transaction(async (tx) => {
      await this.sheets.save(tx, key, input.cells, input.comments);
      return this.sheets.filled(tx, key);
    });
    this.progress.touch(roundId, classId);
    return { saved: input.cells.length + input.comments.length, filled, total: ctx.students.length * ctx.contents.length, savedAt: new Date().toISOString() };
  }
}

import { Injectable } from '@nestjs/common';
import type { EvalRole } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { EvaluationsErrors } from '../evaluations.errors.js';
import { EvaluationAccess } from './evaluation-access.js';
import { type RoundHead, RoundsRepository } from './rounds.repository.js';
import { type SheetContent, SheetsRepository } from './sheets.repository.js';

export interface SheetContext {
  round: RoundHead;
  className: string;
  students: { studentId: string; studentNo: string; name: string }[];
  contents: SheetContent[];
}

/**
 * One evaluator's sheet as both reading and saving need it: the round (404 when absent), the class in it, the
 * students this caller evaluates in this role (none: 403, logged) and the role's contents.
 */
@Injectable()
export class SheetContexts {
  constructor(
    private readonly db: DataSource,
    private readonly rounds: RoundsRepository,
    private readonly sheets: SheetsRepository,
    private readonly access: EvaluationAccess,
  ) {}

  async load(roundId: string, classId: string, role: EvalRole, me: Principal, client: ClientInfo, action: string): Promise<SheetContext> {
    const target = `${roundId}/${classId}/${role}`;
    await this.access.mayEvaluate(me, client, action, target);
    const round = await this.rounds.head(this.db, roundId);
    if (!round) throw EvaluationsErrors.roundNotFound();
    const cls = await this.sheets.className(this.db, roundId, classId);
    const students = cls ? await this.sheets.evaluatees(this.db, roundId, classId, me.userId, role) : [];
    const contents = students.length > 0 ? await this.sheets.contents(this.db, round.templateId, role) : [];
    if (!cls || students.length === 0 || contents.length === 0) {
      await this.access.refused(me, client, action, target, 'evaluations.errors.notEvaluator');
      throw EvaluationsErrors.notEvaluator();
    }
    return { round, className: cls.name, students, contents };
  }
}

import { Injectable } from '@nestjs/common';
import type { EvalMySheet } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { Principal } from '../../../infrastructure/http/request-context.js';
import { SheetsRepository } from '../../domain/sheets.repository.js';

/** 三级评价: the sheets the caller fills — every round (open, upcoming, closed in the last 30 days), class and role — with their progress. */
@Injectable()
export class MySheets {
  constructor(
    private readonly db: DataSource,
    private readonly sheets: SheetsRepository,
  ) {}

  async execute(me: Principal): Promise<EvalMySheet[]> {
    const found = await this.sheets.candidates(this.db, me.userId);
    const out: EvalMySheet[] = [];
    for (const c of found) {
      const key = { roundId: c.roundId, classId: c.classId, userId: me.userId, role: c.evaluator };
      const [students, contents, filled] = await Promise.all([this.sheets.evaluatees(this.db, c.roundId, c.classId, me.userId, c.evaluator), this.sheets.contents(this.db, c.templateId, c.evaluator), this.sheets.filled(this.db, key)]);
      out.push({ roundId: c.roundId, roundName: c.roundName, classId: c.classId, className: c.className, evaluator: c.evaluator, phase: c.phase, end: c.end, filled, total: students.length * contents.length });
    }
    return out;
  }
}

import { Injectable } from '@nestjs/common';
import type { EvalRole, EvalSheet } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { SheetContexts } from '../../domain/sheet-context.js';
import { SheetsRepository } from '../../domain/sheets.repository.js';

/** `GET …/sheets/{classId}?evaluator=`: the caller's grid — only the students they evaluate, only their role's contents. */
@Injectable()
export class GetSheet {
  constructor(
    private readonly db: DataSource,
    private readonly contexts: SheetContexts,
    private readonly sheets: SheetsRepository,
  ) {}

  async execute(roundId: string, classId: string, role: EvalRole, me: Principal, client: ClientInfo): Promise<EvalSheet> {
    const ctx = await this.contexts.load(roundId, classId, role, me, client, 'evaluation.sheet.read');
    const mine = await this.sheets.mine(this.db, roundId, classId, me.userId, role);
    const r = ctx.round;
    return {
      round: { id: r.id, name: r.name, start: r.start, end: r.end, phase: r.phase },
      class: { id: classId, name: ctx.className },
      evaluator: role,
      editable: r.phase === 'open',
      precision: r.precision,
      contents: ctx.contents,
      rows: SheetsRepository.rowsOf(ctx.students, ctx.contents, mine),
    };
  }
}

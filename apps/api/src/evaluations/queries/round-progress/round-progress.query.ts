import { Injectable } from '@nestjs/common';
import type { EvalProgress, Language } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { SheetsRepository } from '../../domain/sheets.repository.js';
import { ListRounds } from '../list-rounds/list-rounds.query.js';

/** Filled and expected cells per class and evaluator role: the head teacher's classes, or every class for school-wide readers. */
@Injectable()
export class RoundProgress {
  constructor(
    private readonly db: DataSource,
    private readonly rounds: ListRounds,
    private readonly sheets: SheetsRepository,
  ) {}

  async execute(roundId: string, me: Principal, client: ClientInfo, lang: Language): Promise<EvalProgress> {
    const round = await this.rounds.one(roundId, me, client, lang);
    return { roundId, rows: await this.sheets.progress(this.db, roundId, round.classList.map((c) => c.id), lang) };
  }
}

import { Injectable } from '@nestjs/common';
import type { EvalRound, EvalRoundSummary, Language } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { EvaluationAccess } from '../../domain/evaluation-access.js';
import { RoundsRepository } from '../../domain/rounds.repository.js';
import { EvaluationsErrors } from '../../evaluations.errors.js';

/**
 * The rounds (评价设置 and 评价分析's choice): every round for managers and school-wide readers; a head teacher the
 * rounds reaching their classes, with only those classes. Semester and class names in the reader's language.
 */
@Injectable()
export class ListRounds {
  constructor(
    private readonly db: DataSource,
    private readonly rounds: RoundsRepository,
    private readonly access: EvaluationAccess,
  ) {}

  async execute(semesterId: string | undefined, me: Principal, client: ClientInfo, lang: Language): Promise<EvalRoundSummary[]> {
    await this.mayRead(me, client);
    const all = await this.rounds.list(this.db, semesterId, lang);
    if (this.access.schoolWide(me)) return all;
    const mine: EvalRoundSummary[] = [];
    for (const r of all) if ((await this.one(r.id, me, client, lang).catch(() => null))?.classList.length) mine.push(r);
    return mine;
  }

  async one(id: string, me: Principal, client: ClientInfo, lang: Language): Promise<EvalRound> {
    await this.mayRead(me, client);
    const round = await this.rounds.get(this.db, id, lang);
    if (!round) throw EvaluationsErrors.roundNotFound();
    if (this.access.schoolWide(me)) return round;
    const classList = round.classList.filter((c) => c.headTeacherId === me.userId);
    if (classList.length === 0) throw EvaluationsErrors.roundNotFound();
    return { ...round, classList };
  }

  private async mayRead(me: Principal, client: ClientInfo): Promise<void> {
    if (!this.access.schoolWide(me)) await this.access.mayAnalyse(me, client, 'evaluation.round.list', 'rounds', me.userId);
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { EvaluationAccess } from '../../domain/evaluation-access.js';
import { RoundsRepository } from '../../domain/rounds.repository.js';
import { EvaluationsErrors } from '../../evaluations.errors.js';

/** Delete a round nobody has entered anything in (entered evaluations are records). */
@Injectable()
export class DeleteRound {
  constructor(
    private readonly db: DataSource,
    private readonly rounds: RoundsRepository,
    private readonly access: EvaluationAccess,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<void> {
    await this.access.mayManage(me, client, 'evaluation.round.delete', id);
    const outcome = await this.db.transaction(async (tx) => {
      const r = await this.rounds.lockForDelete(tx, id);
      if (!r) return { refusal: 'roundNotFound' as const };
      if (r.entered) return { refusal: 'roundDeleteStarted' as const };
      await this.rounds.delete(tx, id);
      return { refusal: null, name: r.name };
    });
    if (outcome.refusal) {
      await this.access.refused(me, client, 'evaluation.round.delete', id, `evaluations.errors.${outcome.refusal}`);
      throw EvaluationsErrors[outcome.refusal]();
    }
    await this.access.record(me, client, 'evaluation.round.delete', id, { name: outcome.name });
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { EvaluationAccess } from '../../domain/evaluation-access.js';
import { TemplatesRepository } from '../../domain/templates.repository.js';
import { EvaluationsErrors } from '../../evaluations.errors.js';

/** Delete a template no round uses (spec: used records cannot be deleted). */
@Injectable()
export class DeleteTemplate {
  constructor(
    private readonly db: DataSource,
    private readonly templates: TemplatesRepository,
    private readonly access: EvaluationAccess,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<void> {
    await this.access.mayManage(me, client, 'evaluation.template.delete', id);
    const outcome = await this.db.transaction(async (tx) => {
      const t = await this.templates.lock(tx, id);
      if (!t) return { refusal: 'templateNotFound' as const };
      if (t.inUse) return { refusal: 'templateDeleteInUse' as const };
      await this.templates.delete(tx, id);
      return { refusal: null, name: t.name };
    });
    if (outcome.refusal) {
      await this.access.refused(me, client, 'evaluation.template.delete', id, `evaluations.errors.${outcome.refusal}`);
      throw EvaluationsErrors[outcome.refusal]();
    }
    await this.access.record(me, client, 'evaluation.template.delete', id, { name: outcome.name });
  }
}

import { Injectable } from '@nestjs/common';
import type { EvalTemplate, EvalTemplateSummary } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { EvaluationAccess } from '../../domain/evaluation-access.js';
import { TemplatesRepository } from '../../domain/templates.repository.js';
import { EvaluationsErrors } from '../../evaluations.errors.js';

/** 评价设置's template list (of one school year, or all) and one template's tree — managers only. */
@Injectable()
export class ListTemplates {
  constructor(
    private readonly db: DataSource,
    private readonly templates: TemplatesRepository,
    private readonly access: EvaluationAccess,
  ) {}

  async execute(schoolYearId: string | undefined, me: Principal, client: ClientInfo): Promise<EvalTemplateSummary[]> {
    await this.access.mayManage(me, client, 'evaluation.template.list', null);
    return this.templates.list(this.db, schoolYearId);
  }

  async one(id: string, me: Principal, client: ClientInfo): Promise<EvalTemplate> {
    await this.access.mayManage(me, client, 'evaluation.template.read', id);
    const t = await this.templates.get(this.db, id);
    if (!t) throw EvaluationsErrors.templateNotFound();
    return t;
  }
}

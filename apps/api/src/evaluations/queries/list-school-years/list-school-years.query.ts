import { Injectable } from '@nestjs/common';
import type { EvalSchoolYear, Language } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { EvaluationAccess } from '../../domain/evaluation-access.js';
import { TemplatesRepository } from '../../domain/templates.repository.js';

/**
 * 评价设置's school-year and semester pickers: every school year with its semesters, the current marked — managers
 * only (the office manages evaluations without reading the base-data lists of years and semesters).
 */
@Injectable()
export class ListSchoolYears {
  constructor(
    private readonly db: DataSource,
    private readonly templates: TemplatesRepository,
    private readonly access: EvaluationAccess,
  ) {}

  async execute(me: Principal, client: ClientInfo, lang: Language): Promise<EvalSchoolYear[]> {
    await this.access.mayManage(me, client, 'evaluation.school-years.list', null);
    return this.templates.schoolYears(this.db, lang);
  }
}

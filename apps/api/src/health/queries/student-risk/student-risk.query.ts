import { Injectable } from '@nestjs/common';
import type { StudentRisk } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { HealthAccess } from '../../domain/health-access.js';
import { highestRisk, HealthRepository } from '../../domain/health.repository.js';
import { HealthErrors } from '../../health.errors.js';

/** The flag of a student's page (docs/adr/0054-health.md#flag): the highest risk of their active conditions, for the doctor and their head teacher. */
@Injectable()
export class StudentRiskQuery {
  constructor(
    private readonly db: DataSource,
    private readonly health: HealthRepository,
    private readonly access: HealthAccess,
  ) {}

  async execute(studentId: string, me: Principal, client: ClientInfo): Promise<StudentRisk> {
    const s = await this.health.student(this.db, studentId);
    if (!s) throw HealthErrors.notFound();
    await this.access.mayWatch(me, client, s);
    const conditions = await this.health.activeConditions(this.db, studentId);
    return { studentId, risk: highestRisk(conditions), conditions };
  }
}

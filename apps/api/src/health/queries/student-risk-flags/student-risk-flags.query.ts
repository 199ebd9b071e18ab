import { Injectable } from '@nestjs/common';
import type { StudentRiskFlags } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { HealthAccess } from '../../domain/health-access.js';
import { HealthRepository } from '../../domain/health.repository.js';

/**
 * The badges of a page of the students list (docs/adr/0054-health.md#flag): the medium/high flags of the named
 * students, one query for the page — the doctor's of every student, a head teacher's of their classes' students.
 */
@Injectable()
export class StudentRiskFlagsQuery {
  constructor(
    private readonly db: DataSource,
    private readonly health: HealthRepository,
    private readonly access: HealthAccess,
  ) {}

  async execute(studentIds: readonly string[], me: Principal, client: ClientInfo): Promise<StudentRiskFlags> {
    const headTeacher = await this.access.flagsScope(me, client);
    return { flags: await this.health.riskFlags(this.db, [...new Set(studentIds)], headTeacher) };
  }
}

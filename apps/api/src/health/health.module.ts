import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { SystemModule } from '../system/system.module.js';
import { HealthAccess } from './domain/health-access.js';
import { HealthRepository } from './domain/health.repository.js';
import { HealthController } from './health.controller.js';
import { MyHealthQuery } from './queries/my-health/my-health.query.js';
import { StudentRiskFlagsQuery } from './queries/student-risk-flags/student-risk-flags.query.js';
import { StudentRiskQuery } from './queries/student-risk/student-risk.query.js';

/**
 * Health care (DESIGN §15 `/server/api/health`; docs/product/campus-life.md#health-care, docs/adr/0054-health.md): the
 * four lists are resources of the kit (their plugins in domain/health-plugins.ts, given to the ResourcesModule); this
 * module answers the family's page and the risk flags. Refusals in health.errors.ts.
 */
@Module({
  imports: [SystemModule],
  controllers: [HealthController],
  providers: [AdminAudit, HealthRepository, HealthAccess, MyHealthQuery, StudentRiskQuery, StudentRiskFlagsQuery],
})
export class HealthModule {}

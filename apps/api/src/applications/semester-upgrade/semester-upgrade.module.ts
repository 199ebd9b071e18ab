import { Module } from '@nestjs/common';
import { MessagingModule } from '../../messaging/messaging.module.js';
import { WorkflowModule } from '../../workflow/workflow.module.js';
import { SemesterUpgradeRunner } from './semester-upgrade.runner.js';
import { UpgradeSteps } from './upgrade-steps.js';

/**
 * 学期升级's job (docs/adr/0025). The flow itself is the engine's (its plugin is found by name, as every flow's); here is
 * what the engine does not: the job its second confirmation starts, run class by class, resumable anywhere.
 */
@Module({
  imports: [MessagingModule, WorkflowModule],
  providers: [UpgradeSteps, SemesterUpgradeRunner],
})
export class SemesterUpgradeModule {}

import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SystemModule } from '../system/system.module.js';
import { ClassWalkingController } from './class-walking.controller.js';
import { ChooseCombination } from './commands/choose/choose.handler.js';
import { GenerateTeachingClasses } from './commands/generate/generate.handler.js';
import { SaveZoubanWindow } from './commands/save-window/save-window.handler.js';
import { ClassWalkingAccess } from './domain/class-walking-access.js';
import { ClassWalkingRepository } from './domain/class-walking.repository.js';
import { ZoubanCombinations } from './queries/combinations/combinations.query.js';
import { ListZoubanWindows } from './queries/list-windows/list-windows.query.js';
import { ZoubanClassProgress } from './queries/progress/progress.query.js';

/**
 * Class-walking (走班) subject selection (issue 27 part 4; docs/product/class-walking-and-registrations.md,
 * docs/adr/0044-class-walking-and-registrations.md); refusals in class-walking.errors.ts. Changes after the window are
 * the `zouban-change` flow (workflows/zouban-change, applications/zouban-change).
 */
@Module({
  imports: [SystemModule, MessagingModule],
  controllers: [ClassWalkingController],
  providers: [AdminAudit, ClassWalkingRepository, ClassWalkingAccess, SaveZoubanWindow, ChooseCombination, GenerateTeachingClasses, ListZoubanWindows, ZoubanClassProgress, ZoubanCombinations],
})
export class ClassWalkingModule {}

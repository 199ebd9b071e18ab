import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SystemModule } from '../system/system.module.js';
import { BatchClock } from './commands/batch-clock/batch-clock.js';
import { DeleteBatch } from './commands/delete-batch/delete-batch.handler.js';
import { DrawLottery } from './commands/draw-lottery/draw-lottery.handler.js';
import { DropCourse } from './commands/drop-course/drop-course.handler.js';
import { SaveBatch } from './commands/save-batch/save-batch.handler.js';
import { SavePreferences } from './commands/save-preferences/save-preferences.handler.js';
import { SelectCourse } from './commands/select-course/select-course.handler.js';
import { ElectiveAccess } from './domain/elective-access.js';
import { ElectivesRepository } from './domain/electives.repository.js';
import { SeatBroadcaster } from './domain/seat-broadcaster.js';
import { ElectivesController } from './electives.controller.js';
import { BatchOffers } from './queries/batch-offers/batch-offers.query.js';
import { ListBatches } from './queries/list-batches/list-batches.query.js';
import { ListCourses } from './queries/list-courses/list-courses.query.js';
import { MyChoices } from './queries/my-choices/my-choices.query.js';
import { Rosters } from './queries/rosters/rosters.query.js';

/**
 * 选修课 (issue 27 parts 1–3, docs/product/electives.md, docs/adr/0043-electives.md): courses from the `elective-course`
 * flow (its plugin: applications/elective-course), batches, selecting under the database's guard, the lottery, live
 * seats, rosters; refusals in electives.errors.ts.
 */
@Module({
  imports: [SystemModule, MessagingModule],
  controllers: [ElectivesController],
  providers: [AdminAudit, ElectiveAccess, ElectivesRepository, SeatBroadcaster, BatchClock, SaveBatch, DeleteBatch, SelectCourse, DropCourse, SavePreferences, DrawLottery, ListCourses, ListBatches, BatchOffers, MyChoices, Rosters],
})
export class ElectivesModule {}

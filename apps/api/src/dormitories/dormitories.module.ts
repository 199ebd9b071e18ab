import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SystemModule } from '../system/system.module.js';
import { AttachBed } from './commands/attach-bed/attach-bed.handler.js';
import { BulkAllocate } from './commands/bulk-allocate/bulk-allocate.handler.js';
import { RecordInspection } from './commands/record-inspection/record-inspection.handler.js';
import { RecordNight } from './commands/record-night/record-night.handler.js';
import { ReleaseBed } from './commands/release-bed/release-bed.handler.js';
import { DormitoriesController } from './dormitories.controller.js';
import { DormitoryAccess } from './domain/dormitory-access.js';
import { DormitoryNotifier } from './domain/dormitory-notifier.js';
import { DormitoryRepository } from './domain/dormitory.repository.js';
import { AllocationHistoryQuery } from './queries/allocation-history/allocation-history.query.js';
import { FindStudentsQuery } from './queries/find-students/find-students.query.js';
import { ListInspections } from './queries/list-inspections/list-inspections.query.js';
import { ListNightRecords } from './queries/list-night-records/list-night-records.query.js';
import { RoomBedsQuery } from './queries/room-beds/room-beds.query.js';

/**
 * 宿舍管理 (DESIGN §15 `/server/api/dormitories`; docs/product/campus-life.md#dormitories, docs/adr/0053-dormitories.md):
 * beds and allocations, inspections and night records; buildings and rooms are the resource kit's. Refusals in
 * dormitories.errors.ts; the head teacher's bell through the messaging outbox.
 */
@Module({
  imports: [SystemModule, MessagingModule],
  controllers: [DormitoriesController],
  providers: [AdminAudit, DormitoryRepository, DormitoryAccess, DormitoryNotifier, RoomBedsQuery, AllocationHistoryQuery, FindStudentsQuery, ListInspections, ListNightRecords, AttachBed, ReleaseBed, BulkAllocate, RecordInspection, RecordNight],
})
export class DormitoriesModule {}

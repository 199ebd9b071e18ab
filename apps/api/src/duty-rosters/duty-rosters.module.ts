import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { CalendarModule } from '../calendar/calendar.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SystemModule } from '../system/system.module.js';
import { ManageRosters } from './commands/manage-rosters/manage-rosters.handler.js';
import { DutyAccess } from './domain/duty-access.js';
import { DutyRostersRepository } from './domain/duty-rosters.repository.js';
import { DutyRostersController } from './duty-rosters.controller.js';
import { DutyLists } from './queries/duty-lists/duty-lists.query.js';
import { DutyReminders } from './reminders/duty-reminders.js';

/**
 * 值岗安排 (DESIGN §16 `/server/api/duty-rosters`; docs/product/office.md#duty-rosters, docs/adr/0064-duty-rosters.md):
 * posts, rosters, the rotation (the calendar's holidays), publishing and reminders through the messaging outbox; a
 * swap is the `duty-swap` flow (applications/duty-swap), whose effect moves the duties.
 */
@Module({
  imports: [SystemModule, MessagingModule, CalendarModule],
  controllers: [DutyRostersController],
  providers: [AdminAudit, DutyRostersRepository, DutyAccess, DutyLists, ManageRosters, DutyReminders],
})
export class DutyRostersModule {}

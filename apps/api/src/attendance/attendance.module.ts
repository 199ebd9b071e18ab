import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { CalendarModule } from '../calendar/calendar.module.js';
import { FacesModule } from '../faces/faces.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SystemModule } from '../system/system.module.js';
import { TimetableLessonsRepository } from '../timetable/domain/timetable-lessons.repository.js';
import { TimetableVersionsRepository } from '../timetable/domain/timetable-versions.repository.js';
import { AttendanceController } from './attendance.controller.js';
import { CheckIn } from './commands/check-in/check-in.handler.js';
import { SaveRoll } from './commands/save-roll/save-roll.handler.js';
import { SaveCheckinSettings } from './commands/save-settings/save-settings.handler.js';
import { AttendanceAccess } from './domain/attendance-access.js';
import { AttendanceNotifier } from './domain/attendance-notifier.js';
import { AttendanceRepository } from './domain/attendance.repository.js';
import { DayLessonsReader } from './domain/day-lessons.js';
import { CheckinSheetQueryHandler } from './queries/checkin-sheet/checkin-sheet.query.js';
import { GetRoll } from './queries/get-roll/get-roll.query.js';
import { GetCheckinSettings } from './queries/get-settings/get-settings.query.js';
import { ListAbsences } from './queries/list-absences/list-absences.query.js';
import { RollClassesQueryHandler } from './queries/roll-classes/roll-classes.query.js';
import { AttendanceStatisticsQuery } from './queries/statistics/statistics.query.js';

/**
 * 考勤 (DESIGN §15 `/server/api/attendance`; docs/product/campus-life.md#attendance, docs/adr/0052-attendance.md):
 * refusals in attendance.errors.ts; a date's lessons read through the timetable's repositories and the calendar's
 * holidays; parents' bell messages and the office's push through the messaging outbox. A leave passed later corrects
 * the rolls through the leave flow's effect (domain/leave-corrections.ts). A check-in by face compares the capture
 * through the faces module (docs/adr/0063-face-recognition.md#check-in).
 */
@Module({
  imports: [SystemModule, MessagingModule, CalendarModule, FacesModule],
  controllers: [AttendanceController],
  providers: [
    AdminAudit,
    AttendanceRepository,
    AttendanceAccess,
    AttendanceNotifier,
    DayLessonsReader,
    TimetableLessonsRepository,
    TimetableVersionsRepository,
    RollClassesQueryHandler,
    GetRoll,
    SaveRoll,
    ListAbsences,
    AttendanceStatisticsQuery,
    GetCheckinSettings,
    SaveCheckinSettings,
    CheckIn,
    CheckinSheetQueryHandler,
  ],
})
export class AttendanceModule {}

import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { CalendarModule } from '../calendar/calendar.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SystemModule } from '../system/system.module.js';
import { PlaceLessonsController } from './commands/place-lessons/place-lessons.controller.js';
import { PlaceLessons } from './commands/place-lessons/place-lessons.handler.js';
import { TimetableLessonsRepository } from './domain/timetable-lessons.repository.js';
import { TimetableScopes } from './domain/timetable-scope.js';
import { TimetableVersionsRepository } from './domain/timetable-versions.repository.js';
import { EditorOptionsController } from './editor-options/editor-options.controller.js';
import { TimetableInquiryController } from './queries/inquiry/timetable-inquiry.controller.js';
import { TimetableInquiry } from './queries/inquiry/timetable-inquiry.query.js';
import { ScheduleCheckQuery } from './schedule/schedule-check.query.js';
import { ScheduleController } from './schedule/schedule.controller.js';
import { ScheduleRunner } from './schedule/schedule.runner.js';
import { StartSchedule } from './schedule/start-schedule.handler.js';
import { SettingsController } from './settings/settings.controller.js';
import { CreateVersion } from './versions/create-version.handler.js';
import { DeleteVersion } from './versions/delete-version.handler.js';
import { PublishVersion } from './versions/publish-version.handler.js';
import { VersionsController } from './versions/versions.controller.js';

/**
 * The timetable (issue 9, docs/product/timetable.md; docs/adr/0026): what it is made of are resources of the kit (ResourcesModule
 * serves them under `/api/timetable`); here are a semester's timetables (drafts, publishing), the editor's placing of
 * lessons, the automatic scheduler as a job, and the inquiry with its export. Make-up classes and swaps are flows
 * (applications/make-up-class, class-swap) that change dates, never the template.
 */
@Module({
  imports: [SystemModule, MessagingModule, CalendarModule],
  controllers: [TimetableInquiryController, VersionsController, PlaceLessonsController, ScheduleController, SettingsController, EditorOptionsController],
  providers: [
    AdminAudit,
    TimetableVersionsRepository,
    TimetableLessonsRepository,
    TimetableScopes,
    TimetableInquiry,
    PlaceLessons,
    CreateVersion,
    PublishVersion,
    DeleteVersion,
    ScheduleCheckQuery,
    StartSchedule,
    ScheduleRunner,
  ],
})
export class TimetableModule {}

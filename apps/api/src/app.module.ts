import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import type { DataSource } from 'typeorm';
import type { ServerConfig } from './config/app-config.js';
import { CoreModule } from './infrastructure/database/database.module.js';
import { AllExceptionsFilter } from './infrastructure/http/all-exceptions.filter.js';
import { AuthGuard } from './infrastructure/auth/auth.guard.js';
import { InputGuard } from './infrastructure/http/input.guard.js';
import { IdentityModule } from './identity/identity.module.js';
import { AccessModule } from './access/access.module.js';
import { SystemModule } from './system/system.module.js';
import { SecurityModule } from './security/security.module.js';
import { BenchBaselineModule } from './system/bench-baseline/bench-baseline.module.js';
import { WorkflowModule } from './workflow/workflow.module.js';
import { MessagingModule } from './messaging/messaging.module.js';
import { FilesModule } from './files/files.module.js';
import { SchoolModule } from './school/school.module.js';
import { AdminModule } from './admin/admin.module.js';
import { ResourcesModule } from './resources/resources.module.js';
import { GradesModule } from './grades/grades.module.js';
import { TimetableModule } from './timetable/timetable.module.js';
import { PublishingModule } from './publishing/publishing.module.js';
import { SurveysModule } from './surveys/surveys.module.js';
import { ConsultModule } from './consult/consult.module.js';
import { EvaluationsModule } from './evaluations/evaluations.module.js';
import { MessageChannelsModule } from './message-channels/message-channels.module.js';
import { ClassWalkingModule } from './class-walking/class-walking.module.js';
import { RegistrationsModule } from './registrations/registrations.module.js';
import { ElectivesModule } from './electives/electives.module.js';
import { CalendarModule } from './calendar/calendar.module.js';
import { TodosModule } from './todos/todos.module.js';
import { FeedbackModule } from './feedback/feedback.module.js';
import { AttendanceModule } from './attendance/attendance.module.js';
import { WorkTasksModule } from './work-tasks/work-tasks.module.js';
import { DutyRostersModule } from './duty-rosters/duty-rosters.module.js';
import { DormitoriesModule } from './dormitories/dormitories.module.js';
import { PagesModule } from './pages/pages.module.js';
import { ProjectsModule } from './projects/projects.module.js';
import { HealthModule } from './health/health.module.js';
import { KnowledgeModule } from './knowledge/knowledge.module.js';
import { FacesModule } from './faces/faces.module.js';
import { OrganisationsModule } from './organisations/organisations.module.js';
import { SpiderColumnsModule } from './spider-columns/spider-columns.module.js';
import { PicturesModule } from './pictures/pictures.module.js';
import { HomeCardsModule } from './home-cards/home-cards.module.js';
import { UiStringsModule } from './ui-strings/ui-strings.module.js';
import { SemesterUpgradeModule } from './applications/semester-upgrade/semester-upgrade.module.js';
import { RedisThrottlerStorage } from './identity/commands/login/redis-throttler.storage.js';
import { commandClient } from './infrastructure/redis/redis-connections.js';

@Module({})
export class AppModule {
  static forRoot(config: ServerConfig, dataSource: DataSource): DynamicModule {
    // With Redis every instance counts the same sign-in attempts per address; without, each its own (ADR 0003). One
    // fail-fast client serves the rate limit and the health probe.
    const commands = config.redisUrl ? commandClient(config.redisUrl) : null;
    const throttleStorage = commands ? new RedisThrottlerStorage(commands, config.redisPrefix) : undefined;
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, dataSource, commands),
        ThrottlerModule.forRoot({
          throttlers: [{ name: 'login', ttl: config.loginRateWindowSeconds * 1000, limit: config.loginRateLimit }],
          ...(throttleStorage ? { storage: throttleStorage } : {}),
        }),
        SystemModule,
        SecurityModule,
        AccessModule,
        IdentityModule,
        FilesModule,
        SchoolModule,
        WorkflowModule,
        // before MessagingModule: its routes (api/messages/channels, deliveries, stats) must be registered before the
        // written messages' api/messages/:id, which would otherwise take them (routes match in registration order)
        MessageChannelsModule,
        MessagingModule,
        AdminModule,
        ResourcesModule.forRoot(),
        GradesModule,
        CalendarModule,
        TodosModule,
        FeedbackModule,
        AttendanceModule,
        WorkTasksModule,
        DutyRostersModule,
        DormitoriesModule,
        PagesModule,
        ProjectsModule,
        HealthModule,
        KnowledgeModule,
        FacesModule,
        OrganisationsModule,
        SpiderColumnsModule,
        PicturesModule,
        HomeCardsModule,
        UiStringsModule,
        TimetableModule,
        PublishingModule,
        SurveysModule,
        ConsultModule,
        EvaluationsModule,
        ClassWalkingModule,
        RegistrationsModule,
        ElectivesModule,
        SemesterUpgradeModule,
        ...(config.benchBaselineEndpoint ? [BenchBaselineModule] : []),
      ],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        // in this order: who asks first, then what they sent (input.guard.ts)
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: InputGuard },
        ...(throttleStorage ? [{ provide: RedisThrottlerStorage, useValue: throttleStorage }] : []),
      ],
    };
  }
}

import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SERVER_CONFIG, type ServerConfig } from '../config/app-config.js';
import { FLOW_PLUGINS } from './domain/flow-plugin.js';
import { loadFlowPlugins } from './domain/flow-plugins.js';
import { EffectPushes } from './effects/effect-pushes.js';
import { WorkflowEffectsSubscriber } from './effects/workflow-effects.subscriber.js';
import { WorkflowTimers } from './timers/workflow-timers.service.js';
import { FlowCatalog } from './domain/flow-catalog.service.js';
import { FlowViews } from './domain/flow-views.service.js';
import { WorkflowCommands } from './domain/workflow-commands.service.js';
import { WorkflowInstances } from './domain/workflow-instances.service.js';
import { WorkflowPeople } from './domain/workflow-people.service.js';
import { Clock, SystemClock } from './ports/clock.port.js';
import { PeopleDirectory } from './ports/people-directory.port.js';
import { WorkflowStore } from './ports/workflow-store.port.js';
import { PgPeopleDirectory } from './repositories/people-directory.repository.js';
import { PgWorkflowStore } from './repositories/workflow-store.repository.js';
import { WorkflowReadService } from './domain/workflow-read.service.js';
import { StreamCache } from './domain/stream-cache.js';
import { MyTasksController } from './queries/my-tasks/my-tasks.controller.js';
import { StartWorkflowController } from './commands/start-workflow/start-workflow.controller.js';
import { StartWorkflowHandler } from './commands/start-workflow/start-workflow.handler.js';
import { SendWorkflowEventController } from './commands/send-workflow-event/send-workflow-event.controller.js';
import { SendWorkflowEventHandler } from './commands/send-workflow-event/send-workflow-event.handler.js';
import { GetWorkflowController } from './queries/get-workflow/get-workflow.controller.js';
import { ListWorkflowsController } from './queries/list-workflows/list-workflows.controller.js';
import { TransferCandidatesController } from './queries/transfer-candidates/transfer-candidates.controller.js';
import { FormOptionsController } from './queries/form-options/form-options.controller.js';
import { GetCertificateController } from './queries/get-certificate/get-certificate.controller.js';
import { FlowViewController } from './queries/flow-view/flow-view.controller.js';
import { VerifyCertificateController } from './queries/verify-certificate/verify-certificate.controller.js';
import { CertificateThrottlerGuard } from './queries/verify-certificate/certificate-throttler.guard.js';
import { DirectoryCache } from '../infrastructure/database/directory-cache.js';

/** The engine and its API. Each registered flow's plugin is found by its name (flow-plugins.ts); nothing here changes. */
@Module({
  imports: [CqrsModule],
  controllers: [MyTasksController, StartWorkflowController, SendWorkflowEventController, GetWorkflowController, ListWorkflowsController, TransferCandidatesController, FormOptionsController, GetCertificateController, VerifyCertificateController, FlowViewController],
  providers: [
    { provide: FLOW_PLUGINS, useFactory: (config: ServerConfig, directory: DirectoryCache) => loadFlowPlugins(config, directory), inject: [SERVER_CONFIG, DirectoryCache] },
    StreamCache,
    // the engine by job (docs/adr/0031), its ports bound to PostgreSQL and the system clock
    { provide: WorkflowStore, useClass: PgWorkflowStore },
    { provide: PeopleDirectory, useClass: PgPeopleDirectory },
    { provide: Clock, useClass: SystemClock },
    FlowCatalog,
    WorkflowInstances,
    WorkflowPeople,
    FlowViews,
    WorkflowCommands,
    WorkflowReadService,
    StartWorkflowHandler,
    SendWorkflowEventHandler,
    WorkflowEffectsSubscriber,
    EffectPushes,
    WorkflowTimers,
    CertificateThrottlerGuard,
  ],
  exports: [FlowCatalog, WorkflowCommands, EffectPushes, StreamCache],
})
export class WorkflowModule {}

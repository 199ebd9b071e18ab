import { type DynamicModule, Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { nameTable, RESOURCES } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { HealthNotifier } from '../health/domain/health-notifier.js';
import { healthPlugins } from '../health/domain/health-plugins.js';
import { SERVER_CONFIG, type ServerConfig } from '../config/app-config.js';
import { FilesModule } from '../files/files.module.js';
import { SessionService } from '../identity/domain/session.service.js';
import { IdentityModule } from '../identity/identity.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SystemModule } from '../system/system.module.js';
import { classesPlugin, teachingClassesPlugin } from './plugins/scopes.js';
import { staffPlugin } from './plugins/staff.plugin.js';
import { studentsPlugin } from './plugins/students.plugin.js';
import { gradeBatchesPlugin } from './plugins/grade-batches.plugin.js';
import { teacherRefsPlugin } from './plugins/teacher-refs.plugin.js';
import { resourceControllers } from './resource-controller.factory.js';
import { ResourceExcel } from './resource-excel.js';
import { ResourceImports } from './resource-imports.js';
import { ResourceMiscController } from './resource-misc.controller.js';
import { ResourceOptions } from './resource-options.js';
import type { ResourcePlugins } from './resource-plugin.js';
import { registerResources } from './resource-registrar.js';
import { RESOURCE_PLUGINS, ResourceService } from './resource.service.js';

class ResourceRegistration implements OnApplicationBootstrap {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async onApplicationBootstrap(): Promise<void> {
    await registerResources(this.db);
  }
}

/**
 * The base data on the resource kit (issue 13, docs/adr/0023): a controller per declared resource, one service, the
 * plugins of the resources that have side effects, imports as jobs, and the menus registered at start.
 */
@Module({})
export class ResourcesModule {
  static forRoot(): DynamicModule {
    return {
      module: ResourcesModule,
      imports: [SystemModule, FilesModule, MessagingModule, IdentityModule],
      controllers: [ResourceMiscController, ...Object.values(RESOURCES).flatMap((d) => resourceControllers(d))],
      providers: [
        ResourceService,
        ResourceOptions,
        ResourceExcel,
        ResourceImports,
        ResourceRegistration,
        {
          provide: RESOURCE_PLUGINS,
          inject: [SERVER_CONFIG, SessionService],
          useFactory: (config: ServerConfig, sessions: SessionService): ResourcePlugins =>
            nameTable({
              // 健康管理's four resources (docs/adr/0054-health.md#resources): scopes, exam scoring, the condition alert
              ...healthPlugins(new HealthNotifier(config)),
              students: studentsPlugin(config),
              staff: staffPlugin(config, (userId) => sessions.revokeOthers(userId, null, 'admin')),
              classes: classesPlugin,
              'teaching-classes': teachingClassesPlugin,
              batches: gradeBatchesPlugin,
              'teaching-assignments': teacherRefsPlugin,
              'unavailable-periods': teacherRefsPlugin,
            }),
        },
      ],
      exports: [ResourceService],
    };
  }
}

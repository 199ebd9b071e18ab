import { Module } from '@nestjs/common';
import { MessagingModule } from '../messaging/messaging.module.js';
import { ComponentsController } from './components/components.controller.js';
import { ConfigController } from './config/config.controller.js';
import { RequestEncryptionController } from './config/request-encryption.controller.js';
import { DictsAdminController } from './dicts/dicts-admin.controller.js';
import { MenusController } from './menus/menus.controller.js';
import { MonitorController } from './monitor/monitor.controller.js';
import { ParkedEventsController } from './monitor/parked-events.controller.js';
import { OrgsController } from './orgs/orgs.controller.js';
import { RolesController } from './roles/roles.controller.js';
import { RolesRepository } from './roles/roles.repository.js';
import { DictsRepository } from './dicts/dicts.repository.js';
import { PickersRepository } from './components/pickers.repository.js';
import { MenusRepository } from './menus/menus.repository.js';
import { OrgsRepository } from './orgs/orgs.repository.js';
import { AdminAudit } from './shared/admin-support.js';
import { UserAdminService } from './users/user-admin.service.js';
import { UsersController } from './users/users.controller.js';

/** System administration (issue "System administration and the shared widgets"). */
@Module({
  imports: [MessagingModule],
  controllers: [UsersController, RolesController, MenusController, OrgsController, DictsAdminController, ConfigController, RequestEncryptionController, MonitorController, ParkedEventsController, ComponentsController],
  providers: [AdminAudit, UserAdminService, RolesRepository, DictsRepository, OrgsRepository, MenusRepository, PickersRepository],
})
export class AdminModule {}

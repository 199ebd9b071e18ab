import { Global, Module } from '@nestjs/common';
import { AccessService } from './domain/access.service.js';
import { DynamicRoleRunner } from './domain/dynamic-role-runner.js';
import { GetPermissionController } from './queries/get-permission/get-permission.controller.js';
import { RefreshPermissionsController } from './commands/refresh-permissions/refresh-permissions.controller.js';

@Global()
@Module({
  controllers: [GetPermissionController, RefreshPermissionsController],
  providers: [AccessService, DynamicRoleRunner],
  exports: [AccessService, DynamicRoleRunner],
})
export class AccessModule {}

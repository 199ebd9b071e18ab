import { Global, Module } from '@nestjs/common';
import { AccessService } from './domain/access.service.js';
import { DynamicRoleRunner } from './domain/dynamic-role-runner.js';
import { RoleQuerySandbox } from './domain/role-query-sandbox.js';
import { GetPermissionController } from './queries/get-permission/get-permission.controller.js';
import { RefreshPermissionsController } from './commands/refresh-permissions/refresh-permissions.controller.js';

@Global()
@Module({
  controllers: [GetPermissionController, RefreshPermissionsController],
  providers: [AccessService, DynamicRoleRunner, RoleQuerySandbox],
  exports: [AccessService, DynamicRoleRunner],
})
export class AccessModule {}

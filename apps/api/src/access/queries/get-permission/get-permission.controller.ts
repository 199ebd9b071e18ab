import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Envelope, PermissionInfo } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, type Principal, InitialPasswordAllowed } from '../../../infrastructure/http/request-context.js';
import { AccessService } from '../../domain/access.service.js';

@ApiTags('access')
@Controller()
export class GetPermissionController {
  constructor(private readonly access: AccessService) {}

  @Get('ms/getPermission')
  @InitialPasswordAllowed()
  @ApiOperation({ summary: 'Menus (tree), permission values, roles and user info of the signed-in user' })
  async get(@CurrentUser() me: Principal): Promise<Envelope<PermissionInfo>> {
    return ok(await this.access.permissionInfo(me));
  }
}

import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Envelope, Language, PermissionInfo } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { OperationLogService } from '../../../system/domain/operation-log.service.js';
import { AccessService } from '../../domain/access.service.js';

/** Grants are read fresh on every request, so a refresh only has to hand the client its new menus. */
@ApiTags('access')
@Controller()
export class RefreshPermissionsController {
  constructor(
    private readonly access: AccessService,
    private readonly oplog: OperationLogService,
  ) {}

  @Post('api/role/refresh')
  @HttpCode(200)
  @ApiOperation({ summary: 'Refresh my permissions without signing in again' })
  async refresh(@CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<PermissionInfo>> {
    const info = await this.access.permissionInfo(me);
    await this.oplog.append({ userId: me.userId, account: me.account, action: 'permission.refresh', result: 'success', ip: client.ip, userAgent: client.userAgent });
    return ok(info, translate(lang, 'permissionRefreshed'));
  }
}

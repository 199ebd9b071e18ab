import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { getUserInfoSchema, Permission, type Envelope, type OwnUserInfoRow } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { AppException } from '../../../infrastructure/http/app-exception.js';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, type Principal, InitialPasswordAllowed } from '../../../infrastructure/http/request-context.js';
import { ValidBody } from '../../../infrastructure/http/valid-input.js';
import { AccountsRepository } from '../../domain/accounts.repository.js';
import { IdentityErrors } from '../../identity.errors.js';

/**
 * The legacy "own user info" row. A user reads their own; reading another needs the user-list permission.
 * PASSWORD is kept for the shape only and is always empty: no hash ever leaves the server.
 */
@ApiTags('identity')
@Controller()
export class GetUserInfoController {
  constructor(
    private readonly accounts: AccountsRepository,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  @Post('userManage/getUserInfo')
  @InitialPasswordAllowed()
  @HttpCode(200)
  @ApiOperation({ summary: 'User info row by user id (form: userId)' })
  async get(@ValidBody(getUserInfoSchema) { userId }: z.output<typeof getUserInfoSchema>, @CurrentUser() me: Principal): Promise<Envelope<OwnUserInfoRow[]>> {
    if (userId !== me.account && !me.permissions.has(Permission.userList)) throw AppException.forbidden();
    const row = await this.accounts.info(userId);
    if (!row) throw IdentityErrors.userNotFound();
    // Under single sign-on nobody signs in with the initial password, so nobody is asked to change it.
    const mustChange = row.must_change_password && this.config.loginType !== 'IDS';
    return ok([{ ID: row.account, USERNAME: row.name, PASSWORD: '', ENABLED: row.enabled ? '1' : '0', ...(mustChange ? { mustChangePassword: true } : {}) }]);
  }
}

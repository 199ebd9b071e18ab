import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { base64ToUtf8, type Language, PASSWORD_MAX, type UpdatePwdInput } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { OperationLogService } from '../../../system/domain/operation-log.service.js';
import { SystemConfigService } from '../../../system/domain/system-config.service.js';
import { PasswordHasher } from '../../domain/password-hasher.js';
import { meetsPasswordRule } from '../../domain/password-rule.js';
import { SessionService } from '../../domain/session.service.js';
import { IdentityErrors } from '../../identity.errors.js';

/**
 * The legacy password change: `newPassword` is base64 of the new password (checked against the strategy, then
 * dropped), `oldPassword` and `sign` are the digests of the old and new password. The stored value becomes
 * argon2id(sign). The user's other sessions end; the current one stays.
 */
@Injectable()
export class UpdatePasswordHandler {
  constructor(
    private readonly db: DataSource,
    private readonly sessions: SessionService,
    private readonly settings: SystemConfigService,
    private readonly oplog: OperationLogService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** `input` as the controller's `ValidBody(updatePwdSchema)` parsed it. */
  async execute(input: UpdatePwdInput, me: Principal, client: ClientInfo, lang: Language): Promise<void> {
    if (input.username !== me.account) {
      await this.log(me, client, 'denied', 'not_own_account');
      throw IdentityErrors.notYourAccount();
    }
    const plain = base64ToUtf8(input.newPassword);
    if (plain === null) throw IdentityErrors.passwordEncodingInvalid();
    const next = plain.trim();
    if (next.length === 0) throw IdentityErrors.newPasswordRequired();
    if ([...next].length > PASSWORD_MAX) throw IdentityErrors.passwordTooLong();
    const strategy = await this.settings.passwordStrategy(lang);
    if (!meetsPasswordRule(strategy.rule, next)) {
      // The strategy's description is the message (docs/product/shell-and-sign-in.md#password-change).
      throw IdentityErrors.passwordStrategy(strategy.description);
    }
    const expectedSign = await PasswordHasher.digest(this.config.pwdHashPrefix, me.account, next);
    if (expectedSign !== input.sign.toLowerCase()) throw IdentityErrors.signMismatch();

    const rows: { password_hash: string | null }[] = await this.db.query(`SELECT password_hash FROM sys_user WHERE id = $1`, [me.userId]);
    const stored = rows[0]?.password_hash ?? null;
    if (!(await PasswordHasher.verifyDigest(stored, input.oldPassword))) {
      await this.log(me, client, 'failure', 'old_password_wrong');
      throw IdentityErrors.oldPasswordWrong();
    }
    if (await PasswordHasher.verifyDigest(stored, input.sign)) throw IdentityErrors.passwordSameAsOld();

    const hash = await PasswordHasher.hashDigest(input.sign);
    await this.db.transaction(async (tx) => {
      await tx.query(`UPDATE sys_user SET password_hash = $2, password_changed_at = now(), must_change_password = false, updated_at = now() WHERE id = $1`, [me.userId, hash]);
      await tx.query(
        `UPDATE sys_session SET revoked_at = now(), revoke_reason = 'password_changed'
          WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL`,
        [me.userId, me.sessionId],
      );
    });
    await this.log(me, client, 'success');
  }

  private log(me: Principal, client: ClientInfo, result: 'success' | 'failure' | 'denied', reason?: string): Promise<void> {
    return this.oplog.append({
      userId: me.userId,
      account: me.account,
      action: 'password.change',
      target: me.account,
      result,
      ip: client.ip,
      userAgent: client.userAgent,
      detail: reason ? { reason } : {},
    });
  }
}

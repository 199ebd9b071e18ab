import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Language, PasswordResetInput } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo } from '../../../infrastructure/http/request-context.js';
import { OperationLogService } from '../../../system/domain/operation-log.service.js';
import { SystemConfigService } from '../../../system/domain/system-config.service.js';
import { PasswordHasher } from '../../domain/password-hasher.js';
import { meetsPasswordRule } from '../../domain/password-rule.js';
import { RecoveryEvidenceRepository } from '../../domain/recovery-evidence.repository.js';
import { RecoveryLockout } from '../../domain/recovery-lockout.js';
import { IdentityErrors } from '../../identity.errors.js';

/**
 * Password recovery without sign-in (issue 25 item 5; docs/adr/0039-password-recovery.md): the account, the ID number and the mobile on
 * record prove who one is; the new password must meet the strategy. Every mismatch answers one message; repeated
 * failures lock the typed account and the address for a while; every attempt is logged without the evidence or the
 * password; on success every session of the user ends.
 */
@Injectable()
export class ResetPasswordHandler {
  constructor(
    private readonly db: DataSource,
    private readonly evidence: RecoveryEvidenceRepository,
    private readonly lockout: RecoveryLockout,
    private readonly settings: SystemConfigService,
    private readonly oplog: OperationLogService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(input: PasswordResetInput, client: ClientInfo, lang: Language): Promise<void> {
    const attempt = { account: input.account, ip: client.ip || 'unknown' };
    const lockedMs = await this.lockout.lockedFor(attempt);
    if (lockedMs > 0) {
      // Right evidence or not: else a lock would only slow a guess that happens to be right.
      await this.log(null, input.account, client, 'denied', 'locked');
      throw IdentityErrors.passwordResetLocked(Math.ceil(lockedMs / 60_000));
    }
    const next = input.newPassword.trim();
    if (next.length === 0) throw IdentityErrors.newPasswordRequired();
    // The strategy says nothing about the account, so it is told as it is (and not counted as a failure).
    const strategy = await this.settings.passwordStrategy(lang);
    if (!meetsPasswordRule(strategy.rule, next)) {
      await this.log(null, input.account, client, 'failure', 'password_strategy');
      throw IdentityErrors.passwordStrategy(strategy.description);
    }

    const user = await this.evidence.match(input.account, input.idNumber, input.mobile.replace(/\D/g, ''));
    if (!user) {
      const locked = await this.lockout.failed(attempt);
      const known = await this.evidence.accountExists(input.account);
      await this.log(known, input.account, client, 'failure', known ? (locked ? 'evidence_mismatch_locked' : 'evidence_mismatch') : locked ? 'unknown_account_locked' : 'unknown_account');
      throw IdentityErrors.passwordResetRefused();
    }
    // Stored as the sign-in checks it: argon2id of the legacy digest of account and password.
    const hash = await PasswordHasher.hashDigest(await PasswordHasher.digest(this.config.pwdHashPrefix, user.account, next));
    const ended = await this.db.transaction((tx) => this.evidence.setPassword(tx, user.id, hash));
    await this.lockout.succeeded(attempt);
    await this.log(user.id, user.account, client, 'success', undefined, { sessionsEnded: ended });
  }

  private log(userId: string | null, account: string, client: ClientInfo, result: 'success' | 'failure' | 'denied', reason?: string, extra: Record<string, unknown> = {}): Promise<void> {
    // Never the ID number, the mobile or the password: only who was named, from where, and why it failed.
    return this.oplog.append({ userId, account, action: 'password.reset', target: account, result, ip: client.ip, userAgent: client.userAgent, detail: { ...(reason ? { reason } : {}), ...extra } });
  }
}

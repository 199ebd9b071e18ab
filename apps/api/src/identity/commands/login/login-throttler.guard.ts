import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { getOptionsToken, getStorageToken, ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerModuleOptions, type ThrottlerStorage } from '@nestjs/throttler';
import type { Request } from 'express';
import { OperationLogService } from '../../../system/domain/operation-log.service.js';
import { clientOf } from '../../../infrastructure/http/request-context.js';

/**
 * Per-address limit on sign-in attempts (LOGIN_RATE_LIMIT per LOGIN_RATE_WINDOW_SECONDS). The address is the
 * socket's, or the first X-Forwarded-For hop when TRUST_PROXY is on. A refusal goes to the operation log.
 */
@Injectable()
export class LoginThrottlerGuard extends ThrottlerGuard {
  constructor(
    @Inject(getOptionsToken()) options: ThrottlerModuleOptions,
    @Inject(getStorageToken()) storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly oplog: OperationLogService,
  ) {
    super(options, storage, reflector);
  }

  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    return (req as unknown as Request).ip ?? 'unknown';
  }

  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const client = clientOf(context.switchToHttp().getRequest<Request>());
    await this.oplog.append({ action: 'login', result: 'denied', ip: client.ip, userAgent: client.userAgent, detail: { reason: 'rate_limited' } });
    return super.throwThrottlingException(context, detail);
  }
}

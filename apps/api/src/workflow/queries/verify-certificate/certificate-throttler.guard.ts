import { type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { getOptionsToken, getStorageToken, ThrottlerGuard, type ThrottlerModuleOptions, type ThrottlerStorage } from '@nestjs/throttler';
import type { Request } from 'express';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { clientOf } from '../../../infrastructure/http/request-context.js';
import { OperationLogService } from '../../../system/domain/operation-log.service.js';
import { WorkflowErrors } from '../../workflow.errors.js';

/**
 * Per-address limit on certificate checks, which need no sign-in (CERTIFICATE_RATE_LIMIT per
 * CERTIFICATE_RATE_WINDOW_SECONDS; docs/adr/0028): a code cannot be guessed, and guessing it is not left free either.
 * Counted where the sign-in limit counts (Redis when there is one: every instance the same), under its own name; the
 * address is the socket's, or the proxy's as TRUST_PROXY says. Beyond it: 429 with a message, and the operation log.
 */
@Injectable()
export class CertificateThrottlerGuard extends ThrottlerGuard {
  // The base class's first two parameters keep their places: Nest reads its injection tokens by index, the base's too.
  constructor(
    @Inject(getOptionsToken()) _signInOptions: ThrottlerModuleOptions,
    @Inject(getStorageToken()) storage: ThrottlerStorage,
    reflector: Reflector,
    @Inject(SERVER_CONFIG) config: ServerConfig,
    private readonly oplog: OperationLogService,
  ) {
    super({ throttlers: [{ name: 'certificate', ttl: config.certificateRateWindowSeconds * 1000, limit: config.certificateRateLimit }] }, storage, reflector);
  }

  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    return (req as unknown as Request).ip ?? 'unknown';
  }

  protected override async throwThrottlingException(context: ExecutionContext): Promise<void> {
    const client = clientOf(context.switchToHttp().getRequest<Request>());
    await this.oplog.append({ action: 'certificate.verify', result: 'denied', ip: client.ip, userAgent: client.userAgent, detail: { reason: 'rate_limited' } });
    throw WorkflowErrors.certificateChecksTooMany();
  }
}

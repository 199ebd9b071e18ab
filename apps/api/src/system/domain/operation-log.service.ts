import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { logger } from '../../infrastructure/logging/logger.js';

export interface OperationLogEntry {
  userId?: string | null;
  account?: string | null;
  action: string;
  target?: string | null;
  result: 'success' | 'failure' | 'denied';
  ip?: string | null;
  userAgent?: string | null;
  /** Never passwords, tokens or digests: only what helps an auditor (reason codes, ids). */
  detail?: Record<string, unknown>;
}

/** Appends to the operation log (the table refuses updates and deletes). */
@Injectable()
export class OperationLogService {
  constructor(private readonly db: DataSource) {}

  async append(e: OperationLogEntry): Promise<void> {
    try {
      await this.db.query(
        `INSERT INTO sys_operation_log (user_id, account, action, target, result, ip, user_agent, detail)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [e.userId ?? null, e.account?.slice(0, 100) ?? null, e.action, e.target ?? null, e.result, e.ip ?? null, e.userAgent?.slice(0, 300) ?? null, JSON.stringify(e.detail ?? {})],
      );
    } catch (err) {
      // An audit write must not turn the user's request into a 500; it is reported for operators instead.
      logger.error({ err, action: e.action }, 'operation log append failed');
    }
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { isUuid, type Language, MessageType } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { Outbox, type PushRow } from '../../../messaging/domain/outbox.js';
import { RealtimeGateway } from '../../../messaging/realtime/realtime.gateway.js';
import { OperationLogService } from '../../../system/domain/operation-log.service.js';
import { GradeSheetsRepository } from '../../domain/grade-sheets.repository.js';
import { GradesErrors } from '../../grades.errors.js';

/**
 * Publishing a batch (docs/product/grades.md#publishing): only when every sheet has passed (else 422 naming those that have not); the flag
 * and every student's and guardian's message are written in one transaction, each message under a source key of its
 * own — a publish retried writes nothing twice, and none is lost if the process dies after the commit (the pushes are
 * in the per-user log and reach the browser on reconnect).
 */
@Injectable()
export class PublishBatch {
  constructor(
    private readonly db: DataSource,
    private readonly sheets: GradeSheetsRepository,
    private readonly gateway: RealtimeGateway,
    private readonly oplog: OperationLogService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(batchId: string, me: Principal, client: ClientInfo, lang: Language): Promise<{ told: number }> {
    if (!isUuid(batchId)) throw GradesErrors.batchNotFound();
    const pushes: PushRow[] = await this.db.transaction(async (tx) => {
      const batch = await this.sheets.batch(batchId, tx, true);
      if (!batch) throw GradesErrors.batchNotFound();
      if (batch.published) throw GradesErrors.alreadyPublished();
      if (!batch.opened) throw GradesErrors.batchNotOpened();
      const unpassed = await this.sheets.unpassed(tx, batchId, lang);
      if (unpassed.length > 0) throw GradesErrors.unpassedSheets(unpassed.map((s) => `${s.className} ${s.courseName}`).join(translate(lang, 'grades.errors.sheetsSeparator')), unpassed);
      await tx.query(`UPDATE grade_batch SET published = true, published_at = now() WHERE id = $1`, [batchId]);
      const audience = await this.sheets.audience(tx, batchId);
      return Outbox.messages(
        tx,
        audience.map((a) => ({
          message: {
            recipientId: a.userId,
            type: MessageType.result,
            titleKey: 'messages.gradesPublished.title',
            contentKey: 'messages.gradesPublished.content',
            params: { batch: batch.name, student: a.studentName },
            link: `/grades/report?studentId=${a.studentId}`,
          },
          sourceKey: `grades-published:${batchId}:${a.studentId}:${a.userId}`,
        })),
        this.config.timeZone,
      );
    });
    this.gateway.emit(pushes);
    await this.oplog.append({ userId: me.userId, account: me.account, action: 'gradeBatch.publish', target: batchId, result: 'success', ip: client.ip, userAgent: client.userAgent, detail: { told: pushes.length } });
    return { told: pushes.length };
  }
}


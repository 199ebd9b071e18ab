import { Inject, Injectable } from '@nestjs/common';
import { HEALTH_PAGES, MessageType } from '@schoolflow/contracts';
import type { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { Outbox } from '../../messaging/domain/outbox.js';
import { RealtimeGateway } from '../../messaging/realtime/realtime.gateway.js';
import type { ConditionRecord, HealthStudent } from './health.repository.js';

const CONDITIONS_PAGE = HEALTH_PAGES.find((p) => p.key === 'conditions')?.url ?? '';

/**
 * The head teacher's alert of a medium or high condition (docs/product/campus-life.md#health-care): a bell message
 * written through the messaging outbox once per condition and level (its source key names both, so a condition raised
 * from medium to high alerts again, a second save of the same level does not), pushed live after its commit.
 */
@Injectable()
export class HealthNotifier {
  constructor(
    private readonly realtime: RealtimeGateway,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async conditionAlert(db: DataSource, c: ConditionRecord, s: HealthStudent): Promise<void> {
    if (!s.head_teacher_id) return;
    const headTeacher = s.head_teacher_id;
    const rows = await db.transaction((tx) =>
      Outbox.messages(
        tx,
        [
          {
            message: {
              recipientId: headTeacher,
              type: MessageType.system,
              titleKey: 'health.message.alertTitle',
              contentKey: 'health.message.alertContent',
              params: { student: s.name, className: { zh: s.class_name ?? '', en: s.class_name_en || s.class_name || '' }, condition: c.name, levelKey: `health.risk.${c.risk_level}`, advice: c.care_advice },
              link: `${CONDITIONS_PAGE}?studentId=${s.id}`,
            },
            sourceKey: `health-condition:${c.id}:${c.risk_level}`,
          },
        ],
        this.config.timeZone,
      ),
    );
    if (rows.length > 0) this.realtime.emit(rows);
  }
}

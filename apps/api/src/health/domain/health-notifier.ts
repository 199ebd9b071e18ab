import { Inject, Injectable } from '@nestjs/common';
import { HEALTH_PAGES, MessageType } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { Outbox, type PushRow } from '../../messaging/domain/outbox.js';
import type { ConditionRecord, Db, HealthStudent } from './health.repository.js';

const CONDITIONS_PAGE = HEALTH_PAGES.find((p) => p.key === 'conditions')?.url ?? '';

/**
 * The head teacher's alert of a medium or high condition (docs/product/campus-life.md#health-care): a bell message
 * written through the messaging outbox in the condition's own transaction — so it exists exactly when the condition
 * does — once per condition and level (its source key names both, unique: a condition raised from medium to high
 * alerts again, a second save of the same level does not). The answered pushes are emitted after commit by the kit.
 */
@Injectable()
export class HealthNotifier {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  conditionAlert(tx: Db, c: ConditionRecord, s: HealthStudent): Promise<PushRow[]> {
    if (!s.head_teacher_id) return Promise.resolve([]);
    const headTeacher = s.head_teacher_id;
    return Outbox.messages(
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
    );
  }
}

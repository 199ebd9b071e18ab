import { Inject, Injectable } from '@nestjs/common';
import { DORMITORY_PAGES, MessageType, type NightRecordValues } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { Outbox, type PushRow } from '../../messaging/domain/outbox.js';
import { RealtimeGateway } from '../../messaging/realtime/realtime.gateway.js';
import type { Db, StudentRecord } from './dormitory.repository.js';

const NIGHT_PAGE = DORMITORY_PAGES.find((p) => p.key === 'night')?.url ?? '';

/**
 * The head teacher's bell message of a night record (a late return, a night away), written in the record's
 * transaction through the messaging outbox — so the message exists exactly when the record does, once (its source key
 * names the record) — and pushed after commit. Opens the night records page on that record.
 */
@Injectable()
export class DormitoryNotifier {
  constructor(
    private readonly realtime: RealtimeGateway,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  night(tx: Db, recordId: string, v: NightRecordValues, s: StudentRecord, bed: string): Promise<PushRow[]> {
    if (!s.head_teacher_id) return Promise.resolve([]);
    const late = v.kind === 'late';
    return Outbox.messages(
      tx,
      [
        {
          message: {
            recipientId: s.head_teacher_id,
            type: MessageType.system,
            titleKey: late ? 'dormitories.message.lateTitle' : 'dormitories.message.absentTitle',
            contentKey: late ? 'dormitories.message.lateContent' : 'dormitories.message.absentContent',
            params: { name: s.name, studentNo: s.student_no, className: s.class_name, date: v.date, time: v.time ?? '', note: v.note, bed: bed || '—' },
            link: `${NIGHT_PAGE}?id=${recordId}`,
          },
          sourceKey: `dormitories:night:${recordId}`,
        },
      ],
      this.config.timeZone,
    );
  }

  emit(rows: PushRow[]): void {
    if (rows.length > 0) this.realtime.emit(rows);
  }
}

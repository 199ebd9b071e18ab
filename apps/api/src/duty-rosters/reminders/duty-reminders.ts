import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MessageType } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { rows } from '../../infrastructure/database/query-rows.js';
import { PeriodicSweep } from '../../infrastructure/jobs/periodic-sweep.js';
import { Outbox, type PushRow } from '../../messaging/domain/outbox.js';
import { RealtimeGateway } from '../../messaging/realtime/realtime.gateway.js';

const BATCH = 200;
/** How long before a duty its teacher is reminded (the spec is silent: the evening before a morning duty). */
export const DUTY_REMIND_HOURS = 12;

/**
 * A duty's reminder (docs/adr/0064-duty-rosters.md#reminders): a PeriodicSweep (every WORK_TASK_SWEEP_SECONDS, the
 * office suite's sweep) claims the duties of published rosters beginning within DUTY_REMIND_HOURS, not begun and not
 * reminded, by one guarded UPDATE, and writes each teacher a bell message in that transaction under a source key
 * naming the duty and its teacher — so a duty swapped to another teacher before its reminder reminds the new one.
 */
@Injectable()
export class DutyReminders implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('DutyReminders');
  private readonly sweeps = new PeriodicSweep(
    () => this.sweep().then(() => undefined),
    (err) => this.log.warn(`sweep: ${err instanceof Error ? err.message : String(err)}`),
  );

  constructor(
    private readonly db: DataSource,
    private readonly realtime: RealtimeGateway,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.remindersDisabled) return;
    this.sweeps.start(this.config.workTaskSweepSeconds * 1000, { now: true });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeps.stop();
  }

  /** One sweep; answers how many were reminded. */
  async sweep(): Promise<number> {
    let sent = 0;
    for (;;) {
      let pushes: PushRow[] = [];
      const claimed = await this.db.transaction(async (tx) => {
        const due = await rows<{ id: string; teacher_id: string; post: string; post_en: string; date: string; start: string; end: string }>(
          tx,
          `WITH due AS (
             SELECT a.id FROM duty_assignment a JOIN duty_roster r ON r.id = a.roster_id
              WHERE a.reminded_at IS NULL AND r.status = 'published' AND a.starts_at > now() AND a.starts_at <= now() + make_interval(hours => $1)
              ORDER BY a.starts_at LIMIT $2 FOR UPDATE OF a SKIP LOCKED)
           UPDATE duty_assignment a SET reminded_at = now() FROM due, duty_post p
            WHERE a.id = due.id AND p.id = a.post_id
           RETURNING a.id, a.teacher_id, p.name AS post, coalesce(nullif(p.name_en, ''), p.name) AS post_en, to_char(a.duty_date, 'YYYY-MM-DD') AS date,
                     to_char(a.starts_at AT TIME ZONE $3::text, 'HH24:MI') AS start, to_char(a.ends_at AT TIME ZONE $3::text, 'HH24:MI') AS "end"`,
          [DUTY_REMIND_HOURS, BATCH, this.config.timeZone],
        );
        pushes = await Outbox.messages(
          tx,
          due.map((d) => ({
            message: { recipientId: d.teacher_id, type: MessageType.reminder, titleKey: 'messages.dutyReminder.title', contentKey: 'messages.dutyReminder.content', params: { post: { zh: d.post, en: d.post_en }, date: d.date, start: d.start, end: d.end }, link: '/qt_app/zgzap' },
            sourceKey: `duty:${d.id}:reminder:${d.teacher_id}`,
          })),
          this.config.timeZone,
        );
        return due.length;
      });
      if (pushes.length > 0) this.realtime.emit(pushes);
      sent += claimed;
      if (claimed < BATCH) return sent;
    }
  }
}

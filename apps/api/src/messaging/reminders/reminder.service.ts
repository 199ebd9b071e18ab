import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MessageType, workflowDetailPage } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { Outbox, type PushRow } from '../domain/outbox.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { poolOf } from '../../infrastructure/database/pool.js';

interface DueTask {
  instance_id: string;
  assignee_id: string;
  version: number;
  flow: string;
  student: string | null;
}

/**
 * Sends the reviewer of a step that has waited longer than the reminder delay one reminder message and push.
 * Once per step: `reminded_at` is set in the same transaction, and the message's source key names the step.
 * Safe to run on several instances at once (rows are claimed with SKIP LOCKED).
 */
@Injectable()
export class ReminderService {
  constructor(
    private readonly db: DataSource,
    private readonly gateway: RealtimeGateway,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async delayMinutes(): Promise<number> {
    if (this.config.reminderDelayMinutes !== null && this.config.reminderDelayMinutes !== undefined) return this.config.reminderDelayMinutes;
    const rows: { value: unknown }[] = await this.db.query(`SELECT value FROM sys_config WHERE key = 'workflow.reminderDelayMinutes'`);
    const v = Number(rows[0]?.value);
    return Number.isFinite(v) && v >= 0 ? v : 1440;
  }

  /** Reminds every due task; answers how many reminders were sent. */
  async sweep(): Promise<number> {
    const minutes = await this.delayMinutes();
    const client = await poolOf(this.db).connect();
    const pushes: PushRow[] = [];
    try {
      await client.query('BEGIN');
      const due = (
        await client.query<DueTask>(
          `SELECT t.instance_id, t.assignee_id, t.version, t.flow, s.name AS student
             FROM wf_task t JOIN wf_instance i ON i.id = t.instance_id LEFT JOIN student s ON s.id = i.student_id
            WHERE t.reminded_at IS NULL AND t.assigned_at <= now() - make_interval(secs => $1)
            ORDER BY t.assigned_at LIMIT 200 FOR UPDATE OF t SKIP LOCKED`,
          [Math.round(minutes * 60)],
        )
      ).rows;
      const tx = { query: async <R>(sql: string, params?: unknown[]): Promise<R> => (await client.query(sql, params)).rows as R };
      const hours = Math.round((minutes / 60) * 10) / 10;
      if (due.length > 0) {
        await client.query(`UPDATE wf_task t SET reminded_at = now() FROM jsonb_to_recordset($1::jsonb) AS d(i uuid, a uuid) WHERE t.instance_id = d.i AND t.assignee_id = d.a`, [
          JSON.stringify(due.map((t) => ({ i: t.instance_id, a: t.assignee_id }))),
        ]);
        // One write of every reminder and its push: the users' push counters are locked once, in user order.
        pushes.push(
          ...(await Outbox.messages(
            tx,
            due.map((t) => ({
              message: {
                recipientId: t.assignee_id,
                type: MessageType.reminder,
                titleKey: 'messages.reminder.title',
                contentKey: 'messages.reminder.content',
                params: { student: t.student ?? '', hours },
                link: workflowDetailPage(t.flow, t.instance_id),
              },
              sourceKey: `reminder:${t.instance_id}:${t.version}:${t.assignee_id}`,
            })),
            this.config.timeZone,
          )),
        );
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    this.gateway.emit(pushes);
    return pushes.length;
  }
}

import { Injectable, Logger } from '@nestjs/common';
import type { EvalProgressPush } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { rows } from '../../infrastructure/database/query-rows.js';
import { Outbox } from '../../messaging/domain/outbox.js';
import { RealtimeGateway } from '../../messaging/realtime/realtime.gateway.js';

/**
 * The head teacher's live class progress (`evaluation.progress`, docs/adr/0045-evaluations.md#progress), coalesced
 * as questionnaires' respondent counts are: a save commits its cells only, then touches (round, class); one flush at a
 * time writes the push through the outbox after the commit, keyed by the class's cell count so two flushes of the
 * same state push once. The push says only "changed": the page reads the progress again.
 */
@Injectable()
export class ProgressNotifier {
  private readonly log = new Logger(ProgressNotifier.name);
  private readonly flushing = new Map<string, { again: boolean }>();

  constructor(
    private readonly db: DataSource,
    private readonly realtime: RealtimeGateway,
  ) {}

  touch(roundId: string, classId: string): void {
    const key = `${roundId}:${classId}`;
    const running = this.flushing.get(key);
    if (running) {
      running.again = true;
      return;
    }
    this.flushing.set(key, { again: false });
    setImmediate(() => void this.flush(roundId, classId));
  }

  private async flush(roundId: string, classId: string): Promise<void> {
    const key = `${roundId}:${classId}`;
    const state = this.flushing.get(key) ?? { again: false };
    state.again = false;
    try {
      const pushes = await this.db.transaction(async (tx) => {
        const [row] = await rows<{ head: string | null; n: number; at: Date | null }>(
          tx,
          `SELECT c.head_teacher_id AS head, count(s.*)::int AS n, max(s.updated_at) AS at FROM admin_class c LEFT JOIN eval_score s ON s.round_id = $1 AND s.class_id = c.id WHERE c.id = $2 GROUP BY c.head_teacher_id`,
          [roundId, classId],
        );
        if (!row?.head) return [];
        const payload: EvalProgressPush = { roundId, classId };
        return Outbox.pushes(tx, [{ userId: row.head, event: 'evaluation.progress', payload: { ...payload }, sourceKey: `evaluation:${key}:progress:${row.n}:${row.at?.getTime() ?? 0}` }]);
      });
      if (pushes.length > 0) this.realtime.emit(pushes);
    } catch (err) {
      // the cells are stored; only this push is late — the next save or a reload of the page brings the progress
      this.log.warn(`evaluation ${key}: progress not pushed (${err instanceof Error ? err.message : String(err)})`);
    }
    if (state.again) setImmediate(() => void this.flush(roundId, classId));
    else this.flushing.delete(key);
  }
}

import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AnsweringRepository } from './answering.repository.js';

/** How long views gather in memory before they are added to the questionnaire's count. */
const FLUSH_MS = 1000;

/**
 * A questionnaire's view count (docs/product/questionnaires.md#answering), added up in memory and written once a
 * second: one `UPDATE … view_count + n` per questionnaire instead of one per paper served, which made every phone of a
 * rush queue on the questionnaire's row until the previous view committed. A view count is a statistic, not a record:
 * a crash loses at most the last second's views (written down in ADR 0038), and on a clean stop they are written.
 */
@Injectable()
export class PaperViews implements OnModuleDestroy {
  private readonly log = new Logger(PaperViews.name);
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly answering: AnsweringRepository,
  ) {}

  /** A paper of `surveyId` was served. */
  add(surveyId: string): void {
    this.pending.set(surveyId, (this.pending.get(surveyId) ?? 0) + 1);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
  }

  async flush(): Promise<void> {
    this.timer = null;
    const views = this.pending;
    this.pending = new Map();
    for (const [surveyId, n] of views) {
      try {
        await this.answering.addViews(this.db, surveyId, n);
      } catch (err) {
        this.log.warn(`survey ${surveyId}: ${n} views not counted (${err instanceof Error ? err.message : String(err)})`);
      }
    }
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    await this.flush();
  }
}

import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ELECTIVE_BATCH, ELECTIVE_SEATS, type ElectiveBatchPush, type ElectiveBatchState, type ElectiveSeatsPush } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { electiveRoom, RealtimeGateway } from '../../messaging/realtime/realtime.gateway.js';
import { ElectivesRepository } from './electives.repository.js';

/** One beat of the seat pushes: what changed in it goes out together, once per socket. */
export const SEAT_BEAT_MS = 200;

/**
 * Remaining seats pushed live, batched per course (docs/adr/0043-electives.md#seats): a committed selection or drop
 * marks its course; every beat the marked courses' counts are read from the database (the truth, after commit — never
 * a count carried in memory) and one `elective.seats` goes to the batch's room with every course that changed. A rush
 * of 2,000 selections on 40 courses is then a few pushes a second per socket, not 2,000.
 */
@Injectable()
export class SeatBroadcaster implements OnModuleDestroy {
  private readonly dirty = new Map<string, Set<string>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly electives: ElectivesRepository,
    private readonly realtime: RealtimeGateway,
  ) {}

  changed(batchId: string, courseId: string): void {
    let courses = this.dirty.get(batchId);
    if (!courses) {
      courses = new Set();
      this.dirty.set(batchId, courses);
    }
    courses.add(courseId);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), SEAT_BEAT_MS);
      this.timer.unref();
    }
  }

  /** The batch's state moved (its timer): everyone watching reads it again. */
  state(batchId: string, state: ElectiveBatchState): void {
    const payload: ElectiveBatchPush = { batchId, state };
    this.realtime.emitToRoom(electiveRoom(batchId), ELECTIVE_BATCH, payload);
  }

  /** Every course of the batch (after a draw): the next beat reads them all. */
  everyCourse(batchId: string, courseIds: readonly string[]): void {
    for (const c of courseIds) this.changed(batchId, c);
  }

  async flush(): Promise<void> {
    this.timer = null;
    const beat = [...this.dirty.entries()];
    this.dirty.clear();
    for (const [batchId, courses] of beat) {
      try {
        const counts = await this.electives.remaining(this.db, batchId, [...courses]);
        const first = counts[0];
        if (!first) continue;
        const payload: ElectiveSeatsPush = { batchId, courseId: first.courseId, remaining: first.remaining, courses: counts };
        this.realtime.emitToRoom(electiveRoom(batchId), ELECTIVE_SEATS, payload);
      } catch (err) {
        // the database away for a beat: mark them again, the next beat tries
        for (const c of courses) this.changed(batchId, c);
        this.realtime.logError(err);
      }
    }
  }

  onModuleDestroy(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

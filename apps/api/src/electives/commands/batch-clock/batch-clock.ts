import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PeriodicSweep } from '../../../infrastructure/jobs/periodic-sweep.js';
import { ElectivesRepository } from '../../domain/electives.repository.js';
import { SeatBroadcaster } from '../../domain/seat-broadcaster.js';
import { DrawLottery } from '../draw-lottery/draw-lottery.handler.js';

/** How often the clock looks for a window's edge: the state moves within a second of the time. */
export const BATCH_CLOCK_MS = 1000;

/**
 * The batches' timer (docs/adr/0043-electives.md#timer): a batch's state is computed from its window, and this moves
 * what follows from it — at the start, the watchers are told (`elective.batch` inProgress); at a lottery's end, the draw
 * nobody made; at the last end, the passed selections become teaching classes and the watchers are told it ended. Each
 * edge is claimed by one UPDATE (or a skip-locked row), so several instances act once.
 */
@Injectable()
export class BatchClock implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('ElectivesClock');
  private readonly sweeps = new PeriodicSweep(
    () => this.tick(),
    (err) => this.log.warn(`tick: ${err instanceof Error ? err.message : String(err)}`),
  );

  constructor(
    private readonly db: DataSource,
    private readonly electives: ElectivesRepository,
    private readonly drawing: DrawLottery,
    private readonly seats: SeatBroadcaster,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeps.start(BATCH_CLOCK_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeps.stop();
  }

  private async tick(): Promise<void> {
    for (const { id } of await this.electives.claimOpened(this.db)) this.seats.state(id, 'inProgress');
    for (const { id } of await this.electives.dueDraws(this.db)) {
      await this.drawing.draw(id).catch((err: unknown) => this.log.warn(`draw of ${id}: ${err instanceof Error ? err.message : String(err)}`));
    }
    const closed = await this.db.transaction(async (tx) => {
      const ids = await this.electives.claimClosed(tx);
      for (const { id } of ids) await this.electives.teachingClasses(tx, id);
      return ids;
    });
    for (const { id } of closed) this.seats.state(id, 'ended');
  }
}

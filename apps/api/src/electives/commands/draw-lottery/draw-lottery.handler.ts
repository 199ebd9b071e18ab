import { Injectable } from '@nestjs/common';
import type { ElectiveDrawResult } from '@schoolflow/contracts';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ElectiveAccess } from '../../domain/elective-access.js';
import { ElectivesRepository } from '../../domain/electives.repository.js';
import { drawLottery } from '../../domain/lottery.js';
import { SeatBroadcaster } from '../../domain/seat-broadcaster.js';
import { ElectivesErrors } from '../../electives.errors.js';

/**
 * The lottery of a preference batch (docs/adr/0043-electives.md#lottery): after the window, under the batch's row lock,
 * the pure draw (domain/lottery.ts) on the preferences as stored, its placements written in one transaction (replacing
 * an earlier draw's until the leftover round has taken a seat). The seed is the caller's, else the one drawn before,
 * else a new random one — kept, so anyone can draw again and get the same placements. The timer draws a batch nobody
 * drew when its window ends.
 */
@Injectable()
export class DrawLottery {
  constructor(
    private readonly db: DataSource,
    private readonly electives: ElectivesRepository,
    private readonly access: ElectiveAccess,
    private readonly seats: SeatBroadcaster,
  ) {}

  async execute(batchId: string, seed: string | undefined, me: Principal, client: ClientInfo): Promise<ElectiveDrawResult> {
    await this.access.mayManage(me, client, 'elective.draw', batchId);
    const result = await this.draw(batchId, seed);
    await this.access.record(me, client, 'elective.draw', batchId, { seed: result.seed, digest: result.digest });
    return result;
  }

  /** The draw itself (the timer's too): null-safe refusals for a batch not a lottery, not ended, or past its leftovers. */
  async draw(batchId: string, seed?: string): Promise<ElectiveDrawResult> {
    const started = Date.now();
    const out = await this.db.transaction(async (tx) => {
      const b = await this.electives.batch(tx, batchId, true);
      if (!b) throw ElectivesErrors.batchNotFound();
      if (b.mode !== 'lottery') throw ElectivesErrors.notLottery();
      if (b.end_at.getTime() > Date.now()) throw ElectivesErrors.notEnded();
      if (await this.electives.leftoverTaken(tx, batchId)) throw ElectivesErrors.leftoverTaken();
      const used = seed ?? b.draw_seed ?? randomBytes(8).toString('hex');
      const input = await this.electives.lotteryInput(tx, b);
      const r = drawLottery({ seed: used, courses: input.courses, students: input.students, maxPerStudent: b.max_per_student });
      await this.electives.writeDraw(tx, batchId, used, r.placements);
      return { seed: used, byPreference: r.placements.length, leftover: [...r.left.values()].reduce((x, y) => x + y, 0), digest: r.digest, courses: input.courses.map((c) => c.id) };
    });
    this.seats.everyCourse(batchId, out.courses);
    return { seed: out.seed, byPreference: out.byPreference, leftover: out.leftover, digest: out.digest, ms: Date.now() - started };
  }
}

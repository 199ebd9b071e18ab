import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { Envelope } from '@schoolflow/contracts';
import { poolOf } from '../../infrastructure/database/pool.js';
import { ok } from '../../infrastructure/http/envelope.js';
import { Public } from '../../infrastructure/http/request-context.js';
import { SystemErrors } from '../system.errors.js';

/** One event row as the bench read it back from `events` (bench/workflow.bench.ts). */
const benchRowSchema = z.object({
  stream_id: z.string(),
  stream_type: z.string(),
  version: z.number().int().min(1),
  type: z.string(),
  data: z.string(),
  metadata: z.string(),
});

/** The same statement as the bench's raw loops, into the table the bench creates (`bench_raw_events`). */
const BENCH_INSERT = {
  name: 'bench-baseline-insert',
  text: `INSERT INTO bench_raw_events (stream_id, stream_type, version, type, data, metadata)
         VALUES ($1::text, $2::text, $3::int, $4::text, $5::jsonb, $6::jsonb)`,
};

/**
 * The baseline of `npm run bench:workflow` (docs/benchmarks.md#benchworkflow): one INSERT per request, on the same
 * Node process, HTTP stack and pg pool as the workflow commands, so the ratio measures what a command costs beyond a
 * request that writes one row. Registered only when BENCH_BASELINE_ENDPOINT is on (the bench's server, never a
 * school's: it writes without a session); the bench creates and drops its table.
 */
@ApiExcludeController()
@Controller('bench')
export class BenchBaselineController {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  @Public()
  @Post('insert')
  @HttpCode(200)
  async insert(@Body() body: unknown): Promise<Envelope<null>> {
    const row = benchRowSchema.safeParse(body);
    if (!row.success) throw SystemErrors.benchRowInvalid();
    const r = row.data;
    await poolOf(this.db).query({ ...BENCH_INSERT, values: [r.stream_id, r.stream_type, r.version, r.type, r.data, r.metadata] });
    return ok(null);
  }
}

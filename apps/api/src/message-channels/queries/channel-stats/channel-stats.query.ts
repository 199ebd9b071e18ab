import { Inject, Injectable } from '@nestjs/common';
import type { ChannelStats, StatsQuery } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { DeliveriesRepository } from '../../domain/deliveries.repository.js';

/** Days of a period, both ends included, at most a year (a longer period is cut to its last 366 days). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  let t = Math.max(Date.parse(`${from}T00:00:00Z`), end - 365 * 86_400_000);
  for (; t <= end; t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** 统计分析: per school day and message type, messages sent and read, and further deliveries failed. */
@Injectable()
export class ChannelStatsQuery {
  constructor(
    private readonly db: DataSource,
    private readonly deliveries: DeliveriesRepository,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(q: StatsQuery): Promise<ChannelStats> {
    const days = daysOf(q.from, q.to);
    const first = days[0] ?? q.from;
    return { days, rows: await this.deliveries.stats(this.db, first, q.to, this.config.timeZone) };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { CHART_SOURCES, type ChartData, type ChartSource, formatSchoolTime } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { PagesRepository } from '../../domain/pages.repository.js';
import { PagesErrors } from '../../pages.errors.js';

/** The dates of the school week (Monday to Sunday) that holds `today` (`YYYY-MM-DD`). */
export function weekOf(today: string): string[] {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
  return Array.from({ length: 7 }, (_, i) => new Date(monday.getTime() + i * 86_400_000).toISOString().slice(0, 10));
}

/**
 * A chart card's named server source (docs/adr/0056-custom-pages.md#chart-source). `leave-week`: how many leave
 * applications were started on each day of this school week — counts only, no names, so anyone signed in may read it.
 */
@Injectable()
export class ChartSourceQuery {
  constructor(
    private readonly db: DataSource,
    private readonly pages: PagesRepository,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(name: string): Promise<ChartData> {
    if (!(CHART_SOURCES as readonly string[]).includes(name)) throw PagesErrors.sourceUnknown();
    const source = name as ChartSource;
    const days = weekOf(formatSchoolTime(Date.now(), this.config.timeZone).slice(0, 10));
    const counts = await this.pages.leaveCounts(this.db, days[0] as string, days[6] as string, this.config.timeZone);
    return { source, labels: days, values: days.map((d) => counts.get(d) ?? 0) };
  }
}

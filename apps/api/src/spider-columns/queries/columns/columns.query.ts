import { Injectable } from '@nestjs/common';
import type { Language, SpiderColumn, SpiderColumnDetail, SpiderItemPage, SpiderItemQuery } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { SpiderAccess } from '../../domain/spider-access.js';
import { SpiderColumnsRepository } from '../../domain/spider-columns.repository.js';
import { columnView, itemView, runView } from '../../domain/spider-view.js';
import { SpiderErrors } from '../../spider-columns.errors.js';

/** Runs a column's page shows. */
const RUNS_SHOWN = 10;

/** The columns with their last run, one column with its runs, a column's items by state (spider:manage). */
@Injectable()
export class ColumnsQuery {
  constructor(
    private readonly db: DataSource,
    private readonly repo: SpiderColumnsRepository,
    private readonly access: SpiderAccess,
  ) {}

  async list(me: Principal, client: ClientInfo, lang: Language): Promise<SpiderColumn[]> {
    await this.access.mayManage(me, client, 'spider.list', null);
    const columns = await this.repo.list(this.db);
    const runs = await this.repo.runs(this.db, columns.map((c) => c.id), 1);
    return columns.map((c) => columnView(c, runs.find((r) => r.columnId === c.id) ?? null, lang));
  }

  async detail(id: string, me: Principal, client: ClientInfo, lang: Language): Promise<SpiderColumnDetail> {
    await this.access.mayManage(me, client, 'spider.read', id);
    const column = await this.repo.get(this.db, id);
    if (!column) throw SpiderErrors.notFound();
    const runs = await this.repo.runs(this.db, [id], RUNS_SHOWN);
    return { ...columnView(column, runs[0] ?? null, lang), runs: runs.map((r) => runView(r, lang)) };
  }

  async items(id: string, q: SpiderItemQuery, me: Principal, client: ClientInfo): Promise<SpiderItemPage> {
    await this.access.mayManage(me, client, 'spider.items', id);
    if (!(await this.repo.get(this.db, id))) throw SpiderErrors.notFound();
    const page = await this.repo.items(this.db, id, q);
    return { total: page.total, list: page.list.map(itemView) };
  }
}

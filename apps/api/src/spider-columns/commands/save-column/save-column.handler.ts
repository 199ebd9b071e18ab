import { Injectable } from '@nestjs/common';
import { type Language, postPublishPermission, type SpiderColumn, type SpiderColumnBody } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { AppException } from '../../../infrastructure/http/app-exception.js';
import { ColumnCollector } from '../../domain/column-collector.js';
import { SpiderAccess } from '../../domain/spider-access.js';
import { SpiderColumnsRepository } from '../../domain/spider-columns.repository.js';
import { columnView } from '../../domain/spider-view.js';
import { SpiderErrors } from '../../spider-columns.errors.js';

/**
 * A column created, changed or deleted (spider:manage; logged). Its selectors must be CSS and the one saving it must
 * be allowed to publish its kind — they become its owner, as whom automatic publishing publishes. An enabled column
 * with an interval is due at once after a save, then every interval. Deleting it deletes its items and runs; the
 * posts made of them stay.
 */
@Injectable()
export class SaveColumn {
  constructor(
    private readonly db: DataSource,
    private readonly repo: SpiderColumnsRepository,
    private readonly collector: ColumnCollector,
    private readonly access: SpiderAccess,
  ) {}

  async create(body: SpiderColumnBody, me: Principal, client: ClientInfo, lang: Language): Promise<SpiderColumn> {
    await this.check(body, me, client, 'spider.create', null);
    const id = await this.db.transaction(async (tx) => {
      if (await this.repo.nameTaken(tx, body.name, null)) throw SpiderErrors.nameTaken();
      return this.repo.insert(tx, body, me.userId);
    });
    await this.access.record(me, client, 'spider.create', id, { name: body.name, sourceUrl: body.sourceUrl, kind: body.kind, mode: body.mode });
    return this.view(id, lang);
  }

  async update(id: string, body: SpiderColumnBody, me: Principal, client: ClientInfo, lang: Language): Promise<SpiderColumn> {
    await this.check(body, me, client, 'spider.update', id);
    await this.db.transaction(async (tx) => {
      if (!(await this.repo.get(tx, id, true))) throw SpiderErrors.notFound();
      if (await this.repo.nameTaken(tx, body.name, id)) throw SpiderErrors.nameTaken();
      await this.repo.update(tx, id, body, me.userId);
    });
    await this.access.record(me, client, 'spider.update', id, { name: body.name, sourceUrl: body.sourceUrl, kind: body.kind, mode: body.mode });
    return this.view(id, lang);
  }

  async remove(id: string, me: Principal, client: ClientInfo): Promise<void> {
    await this.access.mayManage(me, client, 'spider.delete', id);
    const column = await this.repo.get(this.db, id);
    if (!column) throw SpiderErrors.notFound();
    await this.repo.remove(this.db, id);
    await this.access.record(me, client, 'spider.delete', id, { name: column.name });
  }

  private async check(body: SpiderColumnBody, me: Principal, client: ClientInfo, action: string, target: string | null): Promise<void> {
    await this.access.mayManage(me, client, action, target);
    // the kind's own permission (publishing's): automatic publishing publishes as the one who saved the column
    if (!me.permissions.has(postPublishPermission(body.kind))) throw await this.access.refuse(me, client, action, target, AppException.forbidden('publishing.errors.forbiddenPublish'));
    this.collector.checkSelectors(body);
  }

  private async view(id: string, lang: Language): Promise<SpiderColumn> {
    const column = await this.repo.get(this.db, id);
    if (!column) throw SpiderErrors.notFound();
    const [run] = await this.repo.runs(this.db, [id], 1);
    return columnView(column, run ?? null, lang);
  }
}

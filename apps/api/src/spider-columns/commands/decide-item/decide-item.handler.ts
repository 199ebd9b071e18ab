import { Injectable } from '@nestjs/common';
import type { Language, SpiderItem } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ItemPublisher } from '../../domain/item-publisher.js';
import { SpiderAccess } from '../../domain/spider-access.js';
import { type ItemRow, SpiderColumnsRepository } from '../../domain/spider-columns.repository.js';
import { itemView } from '../../domain/spider-view.js';
import { SpiderErrors } from '../../spider-columns.errors.js';

/**
 * An editor's decision on a collected item waiting for review: published — a post of the column's kind to its
 * audience, by publishing's own use case, as the editor (who needs the kind's permission too) — or ignored. An item
 * decided already is 409; every decision is logged.
 */
@Injectable()
export class DecideItem {
  constructor(
    private readonly db: DataSource,
    private readonly repo: SpiderColumnsRepository,
    private readonly publisher: ItemPublisher,
    private readonly access: SpiderAccess,
  ) {}

  async publish(itemId: string, me: Principal, client: ClientInfo, lang: Language): Promise<SpiderItem> {
    await this.access.mayManage(me, client, 'spider.publish', itemId);
    const item = await this.pending(itemId);
    const column = await this.repo.get(this.db, item.columnId);
    if (!column) throw SpiderErrors.itemNotFound();
    const postId = await this.publisher.publish(column, item, me, client, lang);
    await this.access.record(me, client, 'spider.publish', itemId, { postId, url: item.url });
    return this.view(itemId);
  }

  async ignore(itemId: string, me: Principal, client: ClientInfo): Promise<SpiderItem> {
    await this.access.mayManage(me, client, 'spider.ignore', itemId);
    await this.pending(itemId);
    if (!(await this.repo.decide(this.db, itemId, 'ignored', me.userId, null))) throw SpiderErrors.itemDecided();
    await this.access.record(me, client, 'spider.ignore', itemId);
    return this.view(itemId);
  }

  private async pending(itemId: string): Promise<ItemRow> {
    const item = await this.repo.item(this.db, itemId);
    if (!item) throw SpiderErrors.itemNotFound();
    if (item.state !== 'pending') throw SpiderErrors.itemDecided();
    return item;
  }

  private async view(itemId: string): Promise<SpiderItem> {
    const item = await this.repo.item(this.db, itemId);
    if (!item) throw SpiderErrors.itemNotFound();
    return itemView(item);
  }
}

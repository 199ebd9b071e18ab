import { Injectable } from '@nestjs/common';
import type { Language, SpiderPreview, SpiderTryBody } from '@schoolflow/contracts';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ColumnCollector } from '../../domain/column-collector.js';
import { SpiderAccess } from '../../domain/spider-access.js';
import { problemView } from '../../domain/spider-view.js';

/**
 * "Try the selectors" (docs/product/publishing.md#columns-from-other-sites): the page fetched once and read as a run
 * would read it — the items found, the first articles' content — and nothing saved. A page that cannot be read, or
 * a selector that finds nothing, is refused with its reason.
 */
@Injectable()
export class TryColumn {
  constructor(
    private readonly collector: ColumnCollector,
    private readonly access: SpiderAccess,
  ) {}

  async execute(body: SpiderTryBody, me: Principal, client: ClientInfo, lang: Language): Promise<SpiderPreview> {
    await this.access.mayManage(me, client, 'spider.try', null);
    const { preview, problems } = await this.collector.tryOut(body);
    return { ...preview, problems: problems.map((p) => problemView(lang, p)) };
  }
}

import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { PublishingModule } from '../publishing/publishing.module.js';
import { SystemModule } from '../system/system.module.js';
import { DecideItem } from './commands/decide-item/decide-item.handler.js';
import { RunColumn } from './commands/run-column/run-column.handler.js';
import { SaveColumn } from './commands/save-column/save-column.handler.js';
import { TryColumn } from './commands/try-column/try-column.handler.js';
import { ColumnCollector } from './domain/column-collector.js';
import { ItemPublisher } from './domain/item-publisher.js';
import { PageFetcher } from './domain/page-fetcher.js';
import { SpiderAccess } from './domain/spider-access.js';
import { SpiderColumnsRepository } from './domain/spider-columns.repository.js';
import { ColumnsQuery } from './queries/columns/columns.query.js';
import { SpiderColumnsController } from './spider-columns.controller.js';
import { SpiderJobsRunner } from './spider-jobs.runner.js';

/**
 * 栏目采集 (view stem `spiderColumn`; docs/product/publishing.md#columns-from-other-sites, docs/adr/0067-spider-columns.md):
 * columns of other sites' pages collected — safely fetched, read by CSS selectors, deduplicated by address — into
 * posts through publishing's own use case (PublishingModule's CreatePost), after review or automatically; runs are
 * jobs on the one runner, due columns swept.
 */
@Module({
  imports: [SystemModule, MessagingModule, PublishingModule],
  controllers: [SpiderColumnsController],
  providers: [AdminAudit, SpiderAccess, SpiderColumnsRepository, PageFetcher, ItemPublisher, ColumnCollector, SpiderJobsRunner, ColumnsQuery, SaveColumn, TryColumn, RunColumn, DecideItem],
})
export class SpiderColumnsModule {}

import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module.js';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { SystemModule } from '../system/system.module.js';
import { CreatePage } from './commands/create-page/create-page.handler.js';
import { DeletePage } from './commands/delete-page/delete-page.handler.js';
import { PublishPage } from './commands/publish-page/publish-page.handler.js';
import { RenamePage } from './commands/rename-page/rename-page.handler.js';
import { RevertPage } from './commands/revert-page/revert-page.handler.js';
import { SaveLayout } from './commands/save-layout/save-layout.handler.js';
import { PageAccess } from './domain/page-access.js';
import { PagesRepository } from './domain/pages.repository.js';
import { PagesController } from './pages.controller.js';
import { ChartSourceQuery } from './queries/chart-source/chart-source.query.js';
import { GetPage } from './queries/get-page/get-page.query.js';
import { ListPages } from './queries/list-pages/list-pages.query.js';

/**
 * Custom pages (DESIGN §16 `/server/api/pages`; docs/product/office.md#custom-pages, docs/adr/0056-custom-pages.md):
 * pages of cards built by editors and shown through menus flagged custom; refusals in pages.errors.ts.
 */
@Module({
  imports: [SystemModule, AccessModule],
  controllers: [PagesController],
  providers: [AdminAudit, PagesRepository, PageAccess, ListPages, GetPage, ChartSourceQuery, CreatePage, RenamePage, PublishPage, DeletePage, SaveLayout, RevertPage],
})
export class PagesModule {}

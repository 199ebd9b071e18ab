import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type ChartData,
  type CustomPage,
  type CustomPageSummary,
  type CustomPageVersion,
  type Envelope,
  isUuid,
  pageLayoutInputSchema,
  type PageLayoutSave,
  type PageNameInput,
  pageNameSchema,
  type PagePublishInput,
  pagePublishSchema,
  type Language,
} from '@schoolflow/contracts';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import { ValidBody } from '../infrastructure/http/valid-input.js';
import { CreatePage } from './commands/create-page/create-page.handler.js';
import { DeletePage } from './commands/delete-page/delete-page.handler.js';
import { PublishPage } from './commands/publish-page/publish-page.handler.js';
import { RenamePage } from './commands/rename-page/rename-page.handler.js';
import { RevertPage } from './commands/revert-page/revert-page.handler.js';
import { SaveLayout } from './commands/save-layout/save-layout.handler.js';
import { PagesErrors } from './pages.errors.js';
import { ChartSourceQuery } from './queries/chart-source/chart-source.query.js';
import { GetPage } from './queries/get-page/get-page.query.js';
import { ListPages } from './queries/list-pages/list-pages.query.js';

/** An id in the path: anything that is not one is a page that does not exist. */
const known = (id: string): string => {
  if (!isUuid(id)) throw PagesErrors.notFound();
  return id;
};

const versionNo = (v: string): number => {
  if (!/^\d{1,9}$/.test(v)) throw PagesErrors.versionNotFound();
  return Number(v);
};

/**
 * 自定义页面 (DESIGN §16 `/server/api/pages`; docs/product/office.md#custom-pages): editors (pages:manage) build and
 * publish pages of cards; readers open a published page through a menu of theirs that carries it. Permission and
 * menu checks are the use cases'.
 */
@ApiTags('pages')
@Controller('api/pages')
export class PagesController {
  constructor(
    private readonly lists: ListPages,
    private readonly reading: GetPage,
    private readonly charts: ChartSourceQuery,
    private readonly creating: CreatePage,
    private readonly renaming: RenamePage,
    private readonly publishing: PublishPage,
    private readonly deleting: DeletePage,
    private readonly saving: SaveLayout,
    private readonly reverting: RevertPage,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Every custom page with the menus that carry it (pages:manage)' })
  async all(@CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<CustomPageSummary[]>> {
    return ok(await this.lists.execute(me, client));
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create an empty page (pages:manage)' })
  async create(@ValidBody(pageNameSchema) body: PageNameInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<CustomPageSummary>> {
    return ok(await this.creating.execute(body, me, client), translate(lang, 'pages.results.created'));
  }

  @Get('sources/:name')
  @ApiOperation({ summary: "A chart card's named source (`leave-week`: leave applications started each day of this week)" })
  async source(@Param('name') name: string): Promise<Envelope<ChartData>> {
    return ok(await this.charts.execute(name));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One page: for an editor, or for a user whose role has a menu carrying the published page' })
  async one(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<CustomPage>> {
    return ok(await this.reading.execute(known(id), me, client));
  }

  @Put(':id/name')
  @ApiOperation({ summary: 'Rename a page (pages:manage)' })
  async rename(@Param('id') id: string, @ValidBody(pageNameSchema) body: PageNameInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<CustomPageSummary>> {
    return ok(await this.renaming.execute(known(id), body, me, client), translate(lang, 'pages.results.renamed'));
  }

  @Put(':id/publish')
  @ApiOperation({ summary: 'Publish or take back a page (pages:manage)' })
  async publish(@Param('id') id: string, @ValidBody(pagePublishSchema) body: PagePublishInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<CustomPageSummary>> {
    return ok(await this.publishing.execute(known(id), body.published, me, client), translate(lang, body.published ? 'pages.results.published' : 'pages.results.unpublished'));
  }

  @Put(':id/layout')
  @ApiOperation({ summary: 'Save the layout made from `baseVersion` (the replaced one kept as a version; pages:manage)' })
  async layout(@Param('id') id: string, @ValidBody(pageLayoutInputSchema) body: PageLayoutSave, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<CustomPage>> {
    return ok(await this.saving.execute(known(id), body, me, client), translate(lang, 'pages.results.saved'));
  }

  @Get(':id/versions')
  @ApiOperation({ summary: "A page's kept layouts, newest first (pages:manage)" })
  async versions(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<CustomPageVersion[]>> {
    return ok(await this.lists.versions(known(id), me, client));
  }

  @Post(':id/versions/:version/revert')
  @HttpCode(200)
  @ApiOperation({ summary: 'Make a kept layout the current one (pages:manage)' })
  async revert(@Param('id') id: string, @Param('version') version: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<CustomPage>> {
    return ok(await this.reverting.execute(known(id), versionNo(version), me, client), translate(lang, 'pages.results.reverted'));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a page and its versions (pages:manage)' })
  async delete(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<null>> {
    await this.deleting.execute(known(id), me, client);
    return ok(null, translate(lang, 'pages.results.deleted'));
  }
}

import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type Envelope,
  isUuid,
  type Language,
  type SpiderColumn,
  type SpiderColumnBody,
  type SpiderColumnDetail,
  spiderColumnInputSchema,
  type SpiderItem,
  type SpiderItemPage,
  type SpiderItemQuery,
  spiderItemQuerySchema,
  type SpiderPreview,
  type SpiderRunStarted,
  type SpiderTryBody,
  spiderTrySchema,
} from '@schoolflow/contracts';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { DecideItem } from './commands/decide-item/decide-item.handler.js';
import { RunColumn } from './commands/run-column/run-column.handler.js';
import { SaveColumn } from './commands/save-column/save-column.handler.js';
import { TryColumn } from './commands/try-column/try-column.handler.js';
import { ColumnsQuery } from './queries/columns/columns.query.js';
import { SpiderErrors } from './spider-columns.errors.js';

/** Ids in the path: anything that is no uuid is a column or an item that does not exist. */
const column = (id: string): string => {
  if (!isUuid(id)) throw SpiderErrors.notFound();
  return id;
};
const item = (id: string): string => {
  if (!isUuid(id)) throw SpiderErrors.itemNotFound();
  return id;
};

/**
 * 栏目采集 (DESIGN §16 `/server/api/spider-columns`; docs/product/publishing.md#columns-from-other-sites): columns,
 * the dry run, runs as jobs, and the items' decisions. Every call needs spider:manage (the use cases check it).
 */
@ApiTags('spider-columns')
@Controller('api/spider-columns')
export class SpiderColumnsController {
  constructor(
    private readonly query: ColumnsQuery,
    private readonly saving: SaveColumn,
    private readonly trying: TryColumn,
    private readonly running: RunColumn,
    private readonly deciding: DecideItem,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The columns, each with its last run and its items waiting for review' })
  async list(@CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<SpiderColumn[]>> {
    return ok(await this.query.list(me, client, lang));
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'A new column (its selectors checked; the saver must be allowed to publish its kind)' })
  async create(@ValidBody(spiderColumnInputSchema) body: SpiderColumnBody, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<SpiderColumn>> {
    return ok(await this.saving.create(body, me, client, lang));
  }

  @Post('try')
  @HttpCode(200)
  @ApiOperation({ summary: 'Try the selectors: the page fetched once and read; nothing saved' })
  async tryOut(@ValidBody(spiderTrySchema) body: SpiderTryBody, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<SpiderPreview>> {
    return ok(await this.trying.execute(body, me, client, lang));
  }

  @Post('items/:id/publish')
  @HttpCode(200)
  @ApiOperation({ summary: "A collected item published as a post of the column's kind to its audience (publishing's own use case)" })
  async publish(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<SpiderItem>> {
    return ok(await this.deciding.publish(item(id), me, client, lang));
  }

  @Post('items/:id/ignore')
  @HttpCode(200)
  @ApiOperation({ summary: 'A collected item left aside' })
  async ignore(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<SpiderItem>> {
    return ok(await this.deciding.ignore(item(id), me, client));
  }

  @Get(':id')
  @ApiOperation({ summary: 'A column with its last runs' })
  async detail(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<SpiderColumnDetail>> {
    return ok(await this.query.detail(column(id), me, client, lang));
  }

  @Put(':id')
  @ApiOperation({ summary: 'A column changed (its saver becomes its owner)' })
  async update(@Param('id') id: string, @ValidBody(spiderColumnInputSchema) body: SpiderColumnBody, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<SpiderColumn>> {
    return ok(await this.saving.update(column(id), body, me, client, lang));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'A column deleted with its items and runs (the posts made of them stay)' })
  async remove(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<null>> {
    await this.saving.remove(column(id), me, client);
    return ok(null);
  }

  @Post(':id/run')
  @HttpCode(200)
  @ApiOperation({ summary: 'Collect now: a job whose progress is pushed as job.progress' })
  async run(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<SpiderRunStarted>> {
    return ok(await this.running.execute(column(id), me, client));
  }

  @Get(':id/items')
  @ApiOperation({ summary: "A column's collected items by state (pending by default), newest first" })
  async items(@Param('id') id: string, @ValidQuery(spiderItemQuerySchema) q: SpiderItemQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<SpiderItemPage>> {
    return ok(await this.query.items(column(id), q, me, client));
  }
}

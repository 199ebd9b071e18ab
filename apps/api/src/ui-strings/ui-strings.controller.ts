import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type Envelope,
  type Language,
  uiStringBundleQuerySchema,
  type UiStringBundle,
  type UiStringKey,
  uiStringKeySchema,
  type UiStringListQuery,
  uiStringListQuerySchema,
  type UiStringOverride,
  uiStringOverrideSchema,
  type UiStringPage,
  type UiStringRow,
  type UiStringsExport,
  type UiStringsImportInput,
  type UiStringsImportResult,
  uiStringsImportSchema,
} from '@schoolflow/contracts';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import { ImportOverrides } from './commands/import-overrides/import-overrides.handler.js';
import { ResetOverride } from './commands/reset-override/reset-override.handler.js';
import { SaveOverride } from './commands/save-override/save-override.handler.js';
import { UiStringOverrides } from './domain/ui-string-overrides.js';
import { ListUiStrings } from './queries/list-ui-strings/list-ui-strings.query.js';

/**
 * 界面语言 (DESIGN §16 `/server/api/ui-strings`; docs/product/administration.md#interface-languages): one language's
 * overrides for anyone signed in (the browser merges them over its bundles); the strings, overriding, export and
 * import with i18n:manage — checked by the use cases.
 */
@ApiTags('ui-strings')
@Controller('api/ui-strings')
export class UiStringsController {
  constructor(
    private readonly overrides: UiStringOverrides,
    private readonly lists: ListUiStrings,
    private readonly saving: SaveOverride,
    private readonly resetting: ResetOverride,
    private readonly importing: ImportOverrides,
  ) {}

  @Get('bundle')
  @ApiOperation({ summary: 'One language\'s overrides by namespace and dotted key (anyone signed in)' })
  bundle(@ValidQuery(uiStringBundleQuerySchema) q: { lang: Language }): Envelope<UiStringBundle> {
    return ok(this.overrides.bundle(q.lang));
  }

  @Get()
  @ApiOperation({ summary: 'The shipped strings of a language\'s namespace with their overrides, by words and overridden only (i18n:manage)' })
  async list(@ValidQuery(uiStringListQuerySchema) q: UiStringListQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<UiStringPage>> {
    return ok(await this.lists.execute(q, me, client));
  }

  @Post('override')
  @HttpCode(200)
  @ApiOperation({ summary: 'Override a shipped string (its placeholders kept); logged (i18n:manage)' })
  async override(@ValidBody(uiStringOverrideSchema) body: UiStringOverride, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<UiStringRow>> {
    return ok(await this.saving.execute(body, me, client), translate(lang, 'languages.results.saved'));
  }

  @Post('reset')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove an override: the shipped string shows again; logged (i18n:manage)' })
  async reset(@ValidBody(uiStringKeySchema) body: UiStringKey, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<UiStringRow>> {
    return ok(await this.resetting.execute(body, me, client), translate(lang, 'languages.results.reset'));
  }

  @Get('export')
  @ApiOperation({ summary: 'Every override in force, as the JSON file the import takes (i18n:manage)' })
  async export(@CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<UiStringsExport>> {
    return ok(await this.lists.exported(me, client));
  }

  @Post('import')
  @HttpCode(200)
  @ApiOperation({ summary: 'Overrides of an export: all checked first (nothing written on a refusal), then merged in one transaction; logged (i18n:manage)' })
  async import(@ValidBody(uiStringsImportSchema) body: UiStringsImportInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<UiStringsImportResult>> {
    const result = await this.importing.execute(body, me, client);
    return ok(result, translate(lang, 'languages.results.imported', { imported: result.imported }));
  }
}

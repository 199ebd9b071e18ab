import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, type Type } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { bodySchema, type Envelope, importUploadSchema, isUuid, type Language, linkBodySchema, type ResourceDef, type ResourceRecord, resourcePath } from '@schoolflow/contracts';
import type { Request, Response } from 'express';
import { attachmentHeader, XLSX_MIME } from '../admin/shared/admin-support.js';
import { ImportUpload } from '../files/domain/import-upload.js';
import { AppException } from '../infrastructure/http/app-exception.js';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal, RequirePermissions } from '../infrastructure/http/request-context.js';
import { MultipartBody, openApiSchemaOf } from '../infrastructure/http/valid-input.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import { ResourceExcel } from './resource-excel.js';
import { ResourceImports } from './resource-imports.js';
import { ResourceService } from './resource.service.js';
import { ResourceErrors } from './resources.errors.js';

/** OpenAPI of the envelope around an answer. */
const envelope = (data: Record<string, unknown>) => ({ type: 'object', properties: { code: { type: 'integer' }, result: { type: 'boolean' }, msg: { type: 'string' }, data } });

/** A record as answered: `id` and the declaration's fields, as the body schema's output side describes them. */
function recordSchema(d: ResourceDef): Record<string, unknown> {
  const json = openApiSchemaOf(bodySchema(d, 'create'), 'output') as { properties?: Record<string, unknown> };
  // computed by the server: a decimal is answered as a number (the entities' transformer), and may be absent (an exam's
  // total while an item is missing)
  const readOnly = Object.fromEntries(
    Object.entries(d.fields)
      .filter(([, f]) => f.readOnly && !f.hidden)
      .map(([n, f]) => [n, { type: f.kind === 'int' ? 'integer' : f.kind === 'decimal' ? 'number' : f.kind === 'bool' ? 'boolean' : 'string', readOnly: true, ...(f.kind === 'decimal' ? { nullable: true } : {}) }]),
  );
  return { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, ...(json.properties ?? {}), ...readOnly } };
}

const idOf = (id: string): string => {
  if (!isUuid(id)) throw ResourceErrors.notFound();
  return id;
};

/**
 * One controller per declared resource (docs/adr/0023), under `/server/api/academic/{name}` with the routes of
 * docs/architecture.md#resource-api. Writes need the declaration's write permission (the guard refuses and logs anyone else); reads need its
 * read permission, or a role the declaration names as a scoped reader, who sees what the resource's plugin allows.
 * Bodies and answers are documented from the declaration's zod schemas, so `/server/docs` cannot disagree with them.
 */
export function resourceControllers(d: ResourceDef): Type<unknown>[] {
  const path = resourcePath(d).replace(/^\//, '');
  const read = d.scopedReaders?.length ? () => () => undefined : () => RequirePermissions(d.permissions.read);
  const write = () => RequirePermissions(d.permissions.write);
  const body = (mode: 'create' | 'update') => ApiBody({ schema: openApiSchemaOf(bodySchema(d, mode)) });
  const record = recordSchema(d);
  const title = translate('en', `resource.${d.name}.title`);

  @ApiTags(`academic: ${title}`)
  @Controller(path)
  class ResourceController {
    constructor(
      readonly service: ResourceService,
      readonly excel: ResourceExcel,
      readonly imports: ResourceImports,
      readonly upload: ImportUpload,
    ) {}

    @Get()
    @(read() as MethodDecorator)
    @ApiOperation({ summary: `${title}: a page, by keyword (${d.list.keyword.join(', ')}) and filters (${d.list.filters.join(', ')})` })
    @ApiQuery({ name: 'current', required: false, schema: { type: 'integer', minimum: 1 } })
    @ApiQuery({ name: 'size', required: false, schema: { type: 'integer', minimum: 1, maximum: 1000 } })
    @ApiQuery({ name: 'keyword', required: false, schema: { type: 'string' } })
    @ApiOkResponse({ schema: envelope({ type: 'object', properties: { total: { type: 'integer' }, list: { type: 'array', items: record } } }) })
    async list(@Query() query: unknown, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ total: number; list: ResourceRecord[] }>> {
      const scope = await this.service.readScope(d, me);
      if (!scope) return this.service.refuse(me, client, `resource.${d.name}.list`, '');
      return ok(await this.service.list(d, this.service.parseQuery(d, query, lang), scope));
    }

    @Get('template')
    @(write() as MethodDecorator)
    @ApiOperation({ summary: `${title}: the import template (xlsx)` })
    template(@Lang() lang: Language, @Res() res: Response): void {
      if (!d.excel) throw AppException.notFound();
      res.setHeader('Content-Type', XLSX_MIME);
      res.setHeader('Content-Disposition', attachmentHeader(`${translate(lang, `resource.${d.name}.title`)}-template.xlsx`));
      res.end(this.excel.template(d, lang));
    }

    @Get('export')
    @(read() as MethodDecorator)
    @ApiOperation({ summary: `${title}: every record the filters select (xlsx; formula-looking cells escaped)` })
    async export(@Query() query: unknown, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language, @Res() res: Response): Promise<void> {
      const scope = await this.service.readScope(d, me);
      if (!scope) return this.service.refuse(me, client, `resource.${d.name}.export`, '');
      const q = this.service.parseQuery(d, query, lang);
      const records = await this.service.all(d, q, scope);
      const bytes = await this.excel.export(d, records, lang);
      await this.service.audit(me, client, `${d.name}.export`, '', { rows: records.length });
      res.setHeader('Content-Type', XLSX_MIME);
      res.setHeader('Content-Disposition', attachmentHeader(`${translate(lang, `resource.${d.name}.title`)}.xlsx`));
      res.end(bytes);
    }

    @Get(':id')
    @(read() as MethodDecorator)
    @ApiOperation({ summary: `${title}: one record` })
    @ApiOkResponse({ schema: envelope(record) })
    async get(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<ResourceRecord>> {
      const scope = await this.service.readScope(d, me);
      if (!scope) return this.service.refuse(me, client, `resource.${d.name}.read`, id);
      return ok(await this.service.get(d, idOf(id), scope));
    }

    @Post()
    @HttpCode(200)
    @(write() as MethodDecorator)
    @ApiOperation({ summary: `${title}: create` })
    @body('create')
    @ApiOkResponse({ schema: envelope({ type: 'object', properties: { id: { type: 'string', format: 'uuid' } } }) })
    async create(@Body() input: unknown, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ id: string }>> {
      return ok(await this.service.create(d, input, me, client, lang), translate(lang, 'resource.messages.createdOk'));
    }

    @Put(':id')
    @(write() as MethodDecorator)
    @ApiOperation({ summary: `${title}: save` })
    @body('update')
    @ApiOkResponse({ schema: envelope({}) })
    async update(@Param('id') id: string, @Body() input: unknown, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
      await this.service.update(d, idOf(id), input, me, client, lang);
      return ok(undefined, translate(lang, 'resource.messages.updatedOk'));
    }

    @Delete(':id')
    @(write() as MethodDecorator)
    @ApiOperation({ summary: `${title}: delete (a record in use answers 409 and nothing is deleted)` })
    @ApiOkResponse({ schema: envelope({}) })
    async remove(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
      await this.service.remove(d, idOf(id), me, client, lang);
      return ok(undefined, translate(lang, 'resource.messages.deletedOk'));
    }

    @Post('import')
    @HttpCode(200)
    @(write() as MethodDecorator)
    @MultipartBody(importUploadSchema)
    @ApiOperation({ summary: d.excel ? `${title}: import one xls/xlsx (field "file"); all or nothing, errors per row; a large file answers a job id` : `${title}: no import (404)` })
    async import(@Req() req: Request, @Res({ passthrough: true }) res: Response, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<unknown>> {
      if (!d.excel) throw AppException.notFound();
      const { fileName, rows } = await this.upload.rows(me.userId, req, res, d.excel.importMaxKb);
      const answer = await this.imports.start(d, rows, fileName, me, client, lang);
      if ('jobId' in answer) return ok(answer, translate(lang, 'resource.messages.importQueued', { count: answer.total }));
      if (answer.errors.length) {
        res.status(400);
        return { code: 400, result: false, msg: translate(lang, 'importHasErrors', { count: new Set(answer.errors.map((e) => e.row)).size }), data: answer };
      }
      return ok(answer, translate(lang, 'importOk', { count: answer.imported }));
    }
  }

  // Attach and detach linked records one at a time (a teaching class's students): a controller of its own per link.
  const controllers: Type<unknown>[] = [ResourceController];
  for (const [linkName, l] of Object.entries(d.links ?? {})) {
    const segment = l.ref;
    @ApiTags(`academic: ${title}`)
    @Controller(path)
    class LinkController {
      constructor(readonly service: ResourceService) {}

      @Post(`:id/${segment}`)
      @HttpCode(200)
      @(write() as MethodDecorator)
      @ApiOperation({ summary: `${title}: attach ${segment}` })
      @ApiBody({ schema: openApiSchemaOf(linkBodySchema) })
      @ApiOkResponse({ schema: envelope({}) })
      async attach(@Param('id') id: string, @Body() input: unknown, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
        const parsed = linkBodySchema.safeParse(input ?? {});
        if (!parsed.success) throw AppException.badRequest(parsed.error.issues[0]?.message ?? 'validation.invalid', { field: translate(lang, `resource.${d.name}.fields.${linkName}`) });
        await this.service.link(d, idOf(id), linkName, parsed.data.studentIds, true, me, client, lang);
        return ok(undefined, translate(lang, 'resource.messages.attachedOk'));
      }

      @Delete(`:id/${segment}/:otherId`)
      @(write() as MethodDecorator)
      @ApiOperation({ summary: `${title}: detach one of ${segment}` })
      @ApiOkResponse({ schema: envelope({}) })
      async detach(@Param('id') id: string, @Param('otherId') otherId: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
        await this.service.link(d, idOf(id), linkName, [idOf(otherId)], false, me, client, lang);
        return ok(undefined, translate(lang, 'resource.messages.detachedOk'));
      }
    }
    Object.defineProperty(LinkController, 'name', { value: `${className(d.name)}${className(segment)}LinkController` });
    controllers.push(LinkController);
  }

  Object.defineProperty(ResourceController, 'name', { value: `${className(d.name)}ResourceController` });
  return controllers;
}

const className = (name: string): string => name.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());

export { ResourceService };

import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Body, Controller, Get, Module, Param, Post, Put, Req } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { fileUploadSchema, idsSchema, loginSchema } from '@schoolflow/contracts';
import { checkBodies, type DocumentedPaths, routeHandlers } from './openapi-bodies.js';
import { CheckedByHandler, FORM_OR_JSON, MultipartBody, ValidBody } from './valid-input.js';
import { CurrentUser, Lang } from './request-context.js';

/**
 * The check behind test/security/openapi-bodies.e2e-spec.ts, on controllers made for it: each way a handler can read a
 * body, described and not, and the writes that read none.
 */
@Controller('demo')
class DemoController {
  @Post('valid')
  valid(@ValidBody(idsSchema) _b: unknown, @CurrentUser() _me: unknown): void {}

  @Post('checked')
  checked(@CheckedByHandler(loginSchema, FORM_OR_JSON) _b: unknown, @Lang() _lang: unknown): void {}

  @Post('upload')
  @MultipartBody(fileUploadSchema)
  upload(@Req() _req: unknown): void {}

  @Post('bare')
  bare(@Body() _b: unknown): void {}

  @Put(':id')
  put(@Param('id') _id: string, @Body('name') _name: unknown): void {}

  @Post('stream')
  stream(@Req() _req: unknown): void {}

  @Post('none')
  none(@CurrentUser() _me: unknown, @Lang() _lang: unknown): void {}

  @Get('read')
  read(@Req() _req: unknown): void {}
}

@Module({ controllers: [DemoController] })
class DemoModule {}

let app: NestExpressApplication;
let doc: DocumentedPaths;

beforeAll(async () => {
  app = await NestFactory.create<NestExpressApplication>(DemoModule, { preview: true, logger: false, abortOnError: false });
  doc = SwaggerModule.createDocument(app, new DocumentBuilder().build()) as unknown as DocumentedPaths;
});
afterAll(async () => {
  await app.getHttpAdapter().close();
});

describe('checkBodies', () => {
  it('finds which handlers read a body: a body parameter, or the raw request on a write', () => {
    const reads = Object.fromEntries(routeHandlers(app).map((h) => [h.name, h.readsBody !== null]));
    expect(reads).toEqual({
      'DemoController.valid': true,
      'DemoController.checked': true,
      'DemoController.upload': true,
      'DemoController.bare': true,
      'DemoController.put': true,
      'DemoController.stream': true,
      'DemoController.none': false,
      'DemoController.read': false,
    });
  });

  it('names each handler that reads a body its operation does not describe, and only those', () => {
    const check = checkBodies(routeHandlers(app), doc);
    expect(check.undescribed.map((line) => line.split(' ')[0])).toEqual(['DemoController.bare', 'DemoController.put', 'DemoController.stream']);
    expect(check.writes).toBe(7);
    expect(check.writesWithBody).toBe(3);
    expect(check.writesWithoutBody).toEqual(['POST /demo/bare', 'PUT /demo/{id}', 'POST /demo/stream', 'POST /demo/none']);
  });

  it('reads the body media types from the decorators: a form or JSON, multipart', () => {
    const content = (path: string) => Object.keys(doc.paths[path]?.post?.requestBody?.content ?? {});
    expect(content('/demo/checked')).toEqual([...FORM_OR_JSON]);
    expect(content('/demo/upload')).toEqual(['multipart/form-data']);
    expect(content('/demo/valid')).toEqual(['application/json']);
  });

  it('counts an operation missing from the document, or one whose body says nothing, as undescribed', () => {
    const handlers = routeHandlers(app).filter((h) => h.name === 'DemoController.valid');
    expect(checkBodies(handlers, { paths: {} }).undescribed).toHaveLength(1);
    const blank = { paths: { '/demo/valid': { post: { operationId: 'DemoController_valid', requestBody: { content: { 'application/json': { schema: {} } } } } } } };
    expect(checkBodies(handlers, blank).undescribed).toEqual([expect.stringContaining('describes no schema for application/json')]);
  });
});

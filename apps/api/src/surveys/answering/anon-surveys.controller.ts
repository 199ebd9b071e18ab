import { Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AnonSurveyPage, type Envelope, isUuid, type Language, type SurveyAnswered, type SurveyAnswersBody, surveyAnswersSchema, type SurveyPaper, SURVEY_DEVICE_HEADER } from '@schoolflow/contracts';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '../../files/domain/file-store.js';
import { ok } from '../../infrastructure/http/envelope.js';
import { type AppRequest, clientOf, Lang, Public } from '../../infrastructure/http/request-context.js';
import { ValidBody } from '../../infrastructure/http/valid-input.js';
import { SurveysErrors } from '../surveys.errors.js';
import { AnswerSurvey } from './commands/answer-survey/answer-survey.handler.js';
import { OptionalCaller } from './domain/optional-caller.js';
import { GetPaper } from './queries/get-paper/get-paper.query.js';
import { PaperPicture } from './queries/get-paper/paper-picture.query.js';
import { ListOpenSurveys } from './queries/list-open/list-open.query.js';

/** An id in the path: anything that is not one is a paper that does not exist. */
const known = (id: string): string => {
  if (!isUuid(id)) throw SurveysErrors.notFound();
  return id;
};
const DEVICE = SURVEY_DEVICE_HEADER.toLowerCase();

/**
 * Answering questionnaires (docs/product/questionnaires.md#answering), under `/server/anon` — no session needed, and
 * plain even under request encryption (PLAIN_PATHS). A signed-in caller's token is read when sent (their account then
 * decides "once", and a signed-in audience's paper needs it); everyone else answers by the device token issued with
 * the paper.
 */
@ApiTags('surveys')
@Public()
@Controller('anon/surveys')
export class AnonSurveysController {
  constructor(
    private readonly callers: OptionalCaller,
    private readonly listing: ListOpenSurveys,
    private readonly papers: GetPaper,
    private readonly pictures: PaperPicture,
    private readonly answering: AnswerSurvey,
    private readonly files: FileStore,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Open public questionnaires (no sign-in)' })
  async list(@Lang() lang: Language): Promise<Envelope<AnonSurveyPage>> {
    return ok(await this.listing.execute(lang));
  }

  @Get(':id')
  @ApiHeader({ name: SURVEY_DEVICE_HEADER, required: false, description: 'The device token this paper issued before, if any' })
  @ApiOperation({ summary: 'The paper (view counted; a device token issued to a public caller); ?preview=1 the author’s read-only look' })
  async paper(@Param('id') id: string, @Query('preview') preview: string | undefined, @Headers(DEVICE) device: string | undefined, @Req() req: AppRequest): Promise<Envelope<SurveyPaper>> {
    const caller = await this.callers.of(req);
    return ok(await this.papers.execute(known(id), caller, device, clientOf(req).ip, preview === '1' || preview === 'true'));
  }

  @Post(':id/answers')
  @HttpCode(200)
  @ApiHeader({ name: SURVEY_DEVICE_HEADER, required: false, description: 'The device token issued with the paper (public callers)' })
  @ApiOperation({ summary: 'Answer once: 403 outside the window, 409 the second time (nothing stored)' })
  async answer(@Param('id') id: string, @ValidBody(surveyAnswersSchema) body: SurveyAnswersBody, @Headers(DEVICE) device: string | undefined, @Req() req: AppRequest): Promise<Envelope<SurveyAnswered>> {
    const caller = await this.callers.of(req);
    return ok(await this.answering.execute(known(id), body, caller, device, clientOf(req).ip));
  }

  @Get(':id/pictures/:resId')
  @ApiOperation({ summary: 'An option picture of a paper anyone may open' })
  async picture(@Param('id') id: string, @Param('resId') resId: string, @Req() req: AppRequest, @Res() res: Response): Promise<void> {
    if (!isUuid(resId)) throw SurveysErrors.notFound();
    const row = await this.pictures.execute(known(id), resId, await this.callers.of(req));
    res.setHeader('Content-Type', row.mime);
    res.setHeader('Content-Length', String(row.size));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'private, max-age=300');
    await pipeline(this.files.stream(row), res).catch(() => {
      if (!res.headersSent) throw SurveysErrors.notFound();
      res.destroy();
    });
  }
}

import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import {
  type Envelope,
  isUuid,
  type Language,
  SURVEY_TEMPLATES,
  type SurveyInput,
  type SurveyStats,
  type SurveyStatsQuery,
  surveyStatsQuerySchema,
  type SurveyTemplate,
  type SurveyTextAnswersQuery,
  surveyTextAnswersQuerySchema,
  type SurveyTextPage,
} from '@schoolflow/contracts';
import type { Response } from 'express';
import { attachmentHeader, XLSX_MIME } from '../../admin/shared/admin-support.js';
import { ok } from '../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../../infrastructure/http/request-context.js';
import { ValidQuery } from '../../infrastructure/http/valid-input.js';
import { SurveysErrors } from '../surveys.errors.js';
import { ExportSurveyAnswers } from './queries/export-answers/export-answers.query.js';
import { SurveyStatsQueryHandler } from './queries/survey-stats/survey-stats.query.js';
import { SurveyTemplateQueryHandler } from './queries/survey-template/survey-template.query.js';
import { SurveyTextAnswersQueryHandler } from './queries/text-answers/text-answers.query.js';

/** An id in the path: anything that is not one is a questionnaire that does not exist ("paper does not exist"). */
const known = (id: string): string => {
  if (!isUuid(id)) throw SurveysErrors.notFound();
  return id;
};

/**
 * Questionnaire results (docs/product/questionnaires.md#results): statistics, text answers, the Excel export and the
 * templates — for managers of questionnaires only (checked by each handler, refusals logged).
 */
@ApiTags('surveys')
@Controller('api/surveys')
export class SurveyResultsController {
  constructor(
    private readonly stats: SurveyStatsQueryHandler,
    private readonly texts: SurveyTextAnswersQueryHandler,
    private readonly exporting: ExportSurveyAnswers,
    private readonly templates: SurveyTemplateQueryHandler,
  ) {}

  @Get('templates/:name')
  @ApiOperation({ summary: 'A template (teaching-quality) as a draft questionnaire to edit and save with POST /surveys' })
  async template(@Param('name') name: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<SurveyInput>> {
    if (!(SURVEY_TEMPLATES as readonly string[]).includes(name)) throw SurveysErrors.notFound();
    return ok(await this.templates.execute(name as SurveyTemplate, me, client, lang));
  }

  @Get(':id/stats')
  @ApiOperation({ summary: 'Per question counts and percentages, rating means, matrix cells, dates, first text answers; respondents per class; per-teacher summary. ?classId= &grade= narrow it' })
  async statistics(@Param('id') id: string, @ValidQuery(surveyStatsQuerySchema) q: SurveyStatsQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<SurveyStats>> {
    return ok(await this.stats.execute(known(id), q, me, client, lang));
  }

  @Get(':id/stats/texts')
  @ApiOperation({ summary: "One text question's answers, newest first, paged; q: part of the text" })
  async textAnswers(@Param('id') id: string, @ValidQuery(surveyTextAnswersQuerySchema) q: SurveyTextAnswersQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<SurveyTextPage>> {
    return ok(await this.texts.execute(known(id), q, me, client));
  }

  @Get(':id/export')
  @ApiProduces(XLSX_MIME)
  @ApiOperation({ summary: 'Every response as a row of an .xlsx, streamed from a cursor (bounded memory); ?classId= &grade= narrow it' })
  async export(@Param('id') id: string, @ValidQuery(surveyStatsQuerySchema) q: SurveyStatsQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language, @Res() res: Response): Promise<void> {
    // refusals are answered as envelopes before any byte of the file
    const prepared = await this.exporting.prepare(known(id), q, me, client, lang);
    res.setHeader('Content-Type', XLSX_MIME);
    res.setHeader('Content-Disposition', attachmentHeader(prepared.fileName));
    res.setHeader('Cache-Control', 'no-store');
    await prepared.write(res);
  }
}

import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type Envelope,
  isUuid,
  type Language,
  type SurveyCategory,
  type SurveyDetail,
  type SurveyInput,
  surveyInputSchema,
  type SurveyListQuery,
  surveyListQuerySchema,
  type SurveyPage,
  type SurveySaved,
  type SurveyStatus,
  type SurveyStatusAction,
} from '@schoolflow/contracts';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import { ChangeSurveyStatus } from './commands/change-status/change-status.handler.js';
import { DeleteSurvey } from './commands/delete-survey/delete-survey.handler.js';
import { SaveSurvey } from './commands/save-survey/save-survey.handler.js';
import { GetSurvey } from './queries/get-survey/get-survey.query.js';
import { ListSurveys } from './queries/list-surveys/list-surveys.query.js';
import { SurveyCategories } from './queries/survey-categories/survey-categories.query.js';
import { SurveysErrors } from './surveys.errors.js';

/** An id in the path: anything that is not one is a questionnaire that does not exist. */
const known = (id: string): string => {
  if (!isUuid(id)) throw SurveysErrors.notFound();
  return id;
};

/**
 * 问卷管理 (docs/product/questionnaires.md#calls): managing questionnaires needs `survey:manage` and, for one
 * questionnaire, being its author or an administrator — checked by the handlers, refusals logged.
 */
@ApiTags('surveys')
@Controller('api/surveys')
export class SurveysController {
  constructor(
    private readonly saving: SaveSurvey,
    private readonly deleting: DeleteSurvey,
    private readonly status: ChangeSurveyStatus,
    private readonly listing: ListSurveys,
    private readonly reading: GetSurvey,
    private readonly categoryList: SurveyCategories,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'A new questionnaire with its questions (unpublished, in use)' })
  async create(@ValidBody(surveyInputSchema) body: SurveyInput, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<SurveySaved>> {
    return ok(await this.saving.create(body, me, client));
  }

  @Get()
  @ApiOperation({ summary: '问卷管理: questionnaires (all for an administrator, else one\'s own), filtered, a page at a time' })
  async list(@ValidQuery(surveyListQuerySchema) q: SurveyListQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<SurveyPage>> {
    return ok(await this.listing.execute(q, me, client, lang));
  }

  @Get('categories')
  @ApiOperation({ summary: 'The questionnaire categories (dictionary STD_SURVEY_CATEGORY)' })
  async categories(): Promise<Envelope<SurveyCategory[]>> {
    return ok(await this.categoryList.execute());
  }

  @Get(':id')
  @ApiOperation({ summary: 'One questionnaire with its questions and state (its author or an administrator)' })
  async one(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<SurveyDetail>> {
    return ok(await this.reading.execute(known(id), me, client, lang));
  }

  @Put(':id')
  @ApiOperation({ summary: 'Change a questionnaire; once answered only a later end is taken' })
  async update(@Param('id') id: string, @ValidBody(surveyInputSchema) body: SurveyInput, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<SurveySaved>> {
    return ok(await this.saving.update(known(id), body, me, client));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete an unpublished questionnaire nobody has answered' })
  async remove(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<null>> {
    await this.deleting.execute(known(id), me, client);
    return ok(null);
  }

  @Post(':id/publish')
  @HttpCode(200)
  @ApiOperation({ summary: 'Publish: answerable inside its window (in use, not ended); the success or failure message' })
  publish(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<SurveyStatus>> {
    return this.change(id, 'publish', me, client, lang);
  }

  @Post(':id/unpublish')
  @HttpCode(200)
  @ApiOperation({ summary: 'Unpublish: no longer answerable; the success or failure message' })
  unpublish(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<SurveyStatus>> {
    return this.change(id, 'unpublish', me, client, lang);
  }

  @Post(':id/enable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Put in use; the success or failure message' })
  enable(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<SurveyStatus>> {
    return this.change(id, 'enable', me, client, lang);
  }

  @Post(':id/disable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Take out of use (an unpublished questionnaire); the success or failure message' })
  disable(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<SurveyStatus>> {
    return this.change(id, 'disable', me, client, lang);
  }

  private async change(id: string, action: SurveyStatusAction, me: Principal, client: ClientInfo, lang: Language): Promise<Envelope<SurveyStatus>> {
    const state = await this.status.execute(known(id), action, me, client);
    return ok(state, translate(lang, `surveys.status.${action}Success`));
  }
}

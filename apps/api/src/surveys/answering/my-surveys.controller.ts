import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AnonSurveyPage, type Envelope, type Language, type SurveyListQuery, surveyListQuerySchema } from '@schoolflow/contracts';
import { ok } from '../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal } from '../../infrastructure/http/request-context.js';
import { ValidQuery } from '../../infrastructure/http/valid-input.js';
import { ListMySurveys } from './queries/list-mine/list-mine.query.js';

/**
 * The signed-in user's questionnaires to answer (问卷答题, /survey/wjdt). Registered before the management controller:
 * its `GET /api/surveys/:id` would otherwise take `mine` for an id.
 */
@ApiTags('surveys')
@Controller('api/surveys')
export class MySurveysController {
  constructor(private readonly listing: ListMySurveys) {}

  @Get('mine')
  @ApiOperation({ summary: 'Questionnaires addressed to me (a signed-in audience I am among, and the public ones), answered or not' })
  async mine(@ValidQuery(surveyListQuerySchema) q: SurveyListQuery, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<AnonSurveyPage>> {
    return ok(await this.listing.execute(q, me, lang));
  }
}

import { AnswerSurvey } from './commands/answer-survey/answer-survey.handler.js';
import { SurveyDeviceSweep } from './domain/device-sweep.js';
import { SurveyAddressLimit } from './domain/address-limit.js';
import { AnsweredCounts } from './domain/answered-counts.js';
import { AnsweringRepository } from './domain/answering.repository.js';
import { OptionalCaller } from './domain/optional-caller.js';
import { PaperBuilder } from './domain/paper-builder.js';
import { PaperViews } from './domain/paper-views.js';
import { Respondents } from './domain/respondents.js';
import { GetPaper } from './queries/get-paper/get-paper.query.js';
import { PaperPicture } from './queries/get-paper/paper-picture.query.js';
import { ListMySurveys } from './queries/list-mine/list-mine.query.js';
import { ListOpenSurveys } from './queries/list-open/list-open.query.js';
import { AnonSurveysController } from './anon-surveys.controller.js';
import { MySurveysController } from './my-surveys.controller.js';

/**
 * Answering's part of SurveysModule (docs/product/questionnaires.md#answering): its controllers — listed before the
 * management controller, whose `:id` would take `mine` — and providers, so the module's own file changes by one line each.
 */
export const ANSWERING_CONTROLLERS = [MySurveysController, AnonSurveysController];
export const ANSWERING_PROVIDERS = [AnsweringRepository, SurveyAddressLimit, AnsweredCounts, PaperViews, OptionalCaller, PaperBuilder, Respondents, GetPaper, PaperPicture, ListOpenSurveys, ListMySurveys, AnswerSurvey, SurveyDeviceSweep];

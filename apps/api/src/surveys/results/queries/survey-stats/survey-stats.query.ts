import { Injectable, Logger } from '@nestjs/common';
import { type Language, SURVEY_TEXT_FIRST_PAGE, type SurveyStats, type SurveyStatsQuery, type SurveyTextPage } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { AppException } from '../../../../infrastructure/http/app-exception.js';
import type { ClientInfo, Principal } from '../../../../infrastructure/http/request-context.js';
import { SurveysErrors } from '../../../surveys.errors.js';
import { SurveyAccess } from '../../../domain/survey-access.js';
import { ResultsRepository } from '../../domain/results.repository.js';
import { questionStats, teacherSummary } from '../../domain/stats-shape.js';

/**
 * `GET /surveys/{id}/stats`: every question's counts and shares, a rating's mean and spread, a matrix's cells and row
 * means, dates by day, each text question's first page; respondents per class; the teaching-quality summary per
 * teacher. All of it counted by PostgreSQL in a few statements over one snapshot, whatever the number of answers.
 */
@Injectable()
export class SurveyStatsQueryHandler {
  private readonly log = new Logger('SurveyStats');

  constructor(
    private readonly db: DataSource,
    private readonly results: ResultsRepository,
    private readonly access: SurveyAccess,
  ) {}

  async execute(id: string, f: SurveyStatsQuery, me: Principal, client: ClientInfo, lang: Language): Promise<SurveyStats> {
    await this.access.mayManage(me, client, 'survey.stats', id);
    const survey = await this.results.survey(this.db, id);
    if (!survey) throw SurveysErrors.notFound();
    await this.access.mayManageOne(me, client, 'survey.stats', { id, author_id: survey.authorId });
    try {
      // one snapshot: the counts, respondents and texts agree even while answers arrive
      return await this.db.transaction('REPEATABLE READ', async (tx) => {
        const questions = await this.results.questions(tx, id);
        const respondents = await this.results.respondents(tx, id, f);
        const { counts, answered } = await this.results.counts(tx, id, f);
        const several = questions.filter((q) => q.type === 'multiple' || q.type === 'matrix').map((q) => q.id);
        const distinct = await this.results.distinctRespondents(tx, id, several, f);
        const teacherQuestions = questions.filter((q) => q.type === 'matrix' && q.rowsSource === 'myTeachers').map((q) => q.id);
        const teacherIds = [...new Set(counts.filter((c) => teacherQuestions.includes(c.questionId) && c.row !== null).map((c) => c.row as string))];
        const names = await this.results.userNames(tx, teacherIds);
        const texts = new Map<string, SurveyTextPage>();
        // a text question's rows are one group of the counts: its total is known, only the first page is read
        const textTotal = (qid: string) => answered.find((a) => a.questionId === qid && a.row === null)?.answered ?? 0;
        for (const q of questions.filter((x) => x.type === 'text')) texts.set(q.id, await this.results.texts(tx, id, q.id, { ...f, current: 1, size: SURVEY_TEXT_FIRST_PAGE }, textTotal(q.id)));
        // a question answered by several rows per respondent counts its respondents apart; a text question's are its texts
        const perQuestion = answered.filter((a) => a.row !== null || !(distinct.has(a.questionId) || texts.has(a.questionId)));
        for (const [qid, n] of distinct) perQuestion.push({ questionId: qid, row: null, answered: n, average: null });
        for (const [qid, page] of texts) perQuestion.push({ questionId: qid, row: null, answered: page.total, average: null });
        const figures = await this.results.teacherFigures(tx, id, teacherQuestions, f);
        return {
          id,
          name: survey.name,
          respondents,
          questions: questionStats(questions, counts, perQuestion, texts, names),
          breakdown: survey.isPublic ? [] : await this.results.breakdown(tx, id, f, lang),
          teachers: teacherSummary(questions, figures.items, figures.teachers, names),
        };
      });
    } catch (err) {
      if (err instanceof AppException) throw err;
      // the spec's "statistics error", never a 500; the cause is for the log
      this.log.error(`statistics of ${id} failed: ${err instanceof Error ? err.message : String(err)}`);
      throw SurveysErrors.statisticsError();
    }
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { questionsRefusal, type SurveyInput, type SurveySaved, windowRefusal } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../../../admin/shared/admin-support.js';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { SurveyAccess } from '../../domain/survey-access.js';
import { contentOf, lockedEditRefused, pictureRefusal, picturesOf, surveyWindow } from '../../domain/survey-rules.js';
import { type Db, SurveysRepository } from '../../domain/surveys.repository.js';
import { SurveysErrors } from '../../surveys.errors.js';

/**
 * Create a questionnaire or change one (docs/product/questionnaires.md#rules): the permission, a unique name, a
 * category of the dictionary, a window whose start and end differ, at least one question, options for choice
 * questions, min ≤ max, show-if on an earlier choice question, option pictures the caller uploaded (JPG ≤ 2 MB), an
 * audience that exists or `public`. Once answered only a later end is taken (the edit lock). Nothing is written when
 * any check fails; every change is in the operation log.
 */
@Injectable()
export class SaveSurvey {
  constructor(
    private readonly db: DataSource,
    private readonly surveys: SurveysRepository,
    private readonly access: SurveyAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async create(body: SurveyInput, me: Principal, client: ClientInfo): Promise<SurveySaved> {
    await this.access.mayManage(me, client, 'survey.create', null);
    const w = await this.checked(this.db, body, me, null);
    const id = await this.unique(() =>
      this.db.transaction(async (tx) => {
        const created = await this.surveys.insert(tx, w, me.userId);
        await this.surveys.linkPictures(tx, created, picturesOf(w.content.questions));
        return created;
      }),
    );
    await this.access.record(me, client, 'survey.create', id, { name: w.content.name });
    return { id };
  }

  async update(id: string, body: SurveyInput, me: Principal, client: ClientInfo): Promise<SurveySaved> {
    const found = await this.surveys.get(this.db, id);
    if (!found) throw SurveysErrors.notFound();
    await this.access.mayManageOne(me, client, 'survey.update', found);
    const w = await this.checked(this.db, body, me, id);
    const extendedOnly = await this.unique(() =>
      this.db.transaction(async (tx) => {
        // under the row lock: an answer in flight holds it FOR SHARE, so "answered" cannot change until we commit
        const current = await this.surveys.get(tx, id, true);
        if (!current) throw SurveysErrors.notFound();
        if (current.answered) {
          const was = contentOf(
            {
              name: current.name,
              category: current.category,
              description: current.description,
              anonymous: current.anonymous,
              public: current.is_public,
              audience: current.audience ?? undefined,
              template: current.template ?? undefined,
              start: '',
              end: '',
              questions: (await this.surveys.questions(tx, id)).map((q) => ({
                ...q,
                min: q.min ?? undefined,
                max: q.max ?? undefined,
                rowsSource: q.rowsSource ?? undefined,
                showIf: q.showIf ?? undefined,
              })),
            },
            current.start_at,
          );
          if (lockedEditRefused(was, current.end_at, w.content, w.endAt)) return null;
          await this.surveys.setEnd(tx, id, w.endAt);
          return true;
        }
        await this.surveys.update(tx, id, w);
        await this.surveys.linkPictures(tx, id, picturesOf(w.content.questions));
        return false;
      }),
    );
    if (extendedOnly === null) {
      await this.access.refused(me, client, 'survey.update', id, 'surveys.errors.editLocked');
      throw SurveysErrors.editLocked();
    }
    await this.access.record(me, client, 'survey.update', id, extendedOnly ? { end: w.endAt.toISOString() } : { name: w.content.name });
    return { id };
  }

  /** The rules the database does not hold by itself; the body has passed the contract's schema already. */
  private async checked(db: Db, body: SurveyInput, me: Principal, id: string | null) {
    // the contract's whole-list rules again: a caller may skip the schema (the designer runs it; the API must not trust it)
    const windowKey = windowRefusal(body.start, body.end);
    if (windowKey) throw SurveysErrors.questions(windowKey, 0);
    const q = questionsRefusal(body.questions);
    if (q) throw SurveysErrors.questions(q.key, q.index);
    const window = surveyWindow(body.start, body.end, this.config.timeZone);
    if (!window) throw SurveysErrors.questions('validation.timeInvalid', 0);
    if (await this.surveys.nameTaken(db, body.name, id)) throw SurveysErrors.nameUsed();
    if (!(await this.surveys.categoryExists(db, body.category))) throw SurveysErrors.categoryInvalid();
    const content = contentOf(body, window.startAt);
    if (content.audience && !(await this.surveys.audienceExists(db, content.audience))) throw SurveysErrors.audienceInvalid();
    const pictures = picturesOf(content.questions);
    const files = await this.surveys.usableFiles(db, pictures, me.userId, id);
    if (files.length !== pictures.length) throw SurveysErrors.pictureNotFound();
    for (const f of files) {
      const refused = pictureRefusal(f);
      if (refused) throw SurveysErrors[refused](f.name);
    }
    return { content, startAt: window.startAt, endAt: window.endAt };
  }

  /** Two creates of one name at once: the unique index decides, and the loser reads the spec's message. */
  private async unique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, 'survey_name')) throw SurveysErrors.nameUsed();
      throw err;
    }
  }
}

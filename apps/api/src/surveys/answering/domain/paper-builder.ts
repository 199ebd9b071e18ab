import { Inject, Injectable } from '@nestjs/common';
import { formatSchoolTime, type PaperQuestion, type SurveyPaper } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { type Db, type Seat, type StoredQuestion, type SurveyHead, AnsweringRepository } from './answering.repository.js';

/**
 * The paper as a respondent sees it: the questions in order, each matrix's rows resolved — written rows keyed by
 * their index, `myTeachers` rows the teachers of the respondent's class keyed by the teacher's id (none for someone
 * without a class: the question then asks nothing of them).
 */
@Injectable()
export class PaperBuilder {
  constructor(
    private readonly answering: AnsweringRepository,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async questions(db: Db, surveyId: string, seat: Seat): Promise<PaperQuestion[]> {
    const stored = await this.answering.questions(db, surveyId);
    const needsTeachers = stored.some((q) => q.rows_source === 'myTeachers');
    const teachers = needsTeachers && seat.classId ? await this.answering.teachersOf(db, seat.classId) : [];
    return stored.map((q) => this.question(q, teachers));
  }

  private question(q: StoredQuestion, teachers: readonly { id: string; name: string }[]): PaperQuestion {
    const rows = q.rows_source === 'myTeachers' ? teachers.map((t) => ({ key: t.id, label: t.name })) : q.rows.map((label, i) => ({ key: String(i), label }));
    return {
      id: q.id,
      position: q.position,
      type: q.type,
      title: q.title,
      required: q.required,
      options: q.options.map((o) => ({ label: o.label, picture: o.picture ?? null })),
      min: q.min,
      max: q.max,
      rows,
      rowsSource: q.rows_source,
      showIf: q.show_if,
    };
  }

  paper(head: SurveyHead, questions: PaperQuestion[], extra: { submitted: boolean; preview: boolean; deviceToken: string | null }): SurveyPaper {
    const t = (d: Date): string => formatSchoolTime(new Date(d).getTime(), this.config.timeZone);
    return {
      id: head.id,
      name: head.name,
      description: head.description,
      start: t(head.start_at),
      end: t(head.end_at),
      anonymous: head.anonymous,
      public: head.is_public,
      ...extra,
      questions,
    };
  }
}

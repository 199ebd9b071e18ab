import { Inject, Injectable } from '@nestjs/common';
import { formatSchoolTime, type PaperQuestion, type SurveyPaper } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { type Db, type Seat, type StoredQuestion, type SurveyHead, AnsweringRepository } from './answering.repository.js';

/** Questionnaires whose questions an instance keeps at most (PaperBuilder's cache). */
const CACHED_QUESTIONNAIRES = 200;

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

  /** Questionnaires' questions by id, each under the head's `updated_at` it was read for (see `stored`). */
  private readonly cache = new Map<string, { version: number; stored: StoredQuestion[]; paper: PaperQuestion[] | null }>();

  async questions(db: Db, head: Pick<SurveyHead, 'id' | 'updated_at'>, seat: Seat): Promise<PaperQuestion[]> {
    const entry = await this.stored(db, head);
    if (entry.paper) return entry.paper;
    const teachers = seat.classId ? await this.answering.teachersOf(db, seat.classId) : [];
    return entry.stored.map((q) => this.question(q, teachers));
  }

  /**
   * The stored questions, from this instance's cache when the head read with this request says they have not changed
   * since: a questionnaire's questions change only with its row's `updated_at` (save replaces them in the same
   * transaction) and not at all once answered (docs/adr/0038-questionnaires.md#answering), so the head every request
   * reads anyway is the cache's check — on every instance, with no invalidation to send. In a rush this is one
   * statement less per paper and per answer, and no jsonb parsed again. A paper without teacher rows is the same for
   * everyone: kept built.
   */
  private async stored(db: Db, head: Pick<SurveyHead, 'id' | 'updated_at'>): Promise<{ stored: StoredQuestion[]; paper: PaperQuestion[] | null }> {
    const version = new Date(head.updated_at).getTime();
    const held = this.cache.get(head.id);
    if (held && held.version === version) return held;
    const stored = await this.answering.questions(db, head.id);
    const paper = stored.some((q) => q.rows_source === 'myTeachers') ? null : stored.map((q) => this.question(q, []));
    const entry = { version, stored, paper };
    // a bounded cache: the oldest entry gives way (open questionnaires at once are few)
    if (!held && this.cache.size >= CACHED_QUESTIONNAIRES) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(head.id, entry);
    return entry;
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

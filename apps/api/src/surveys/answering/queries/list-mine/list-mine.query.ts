import { Inject, Injectable } from '@nestjs/common';
import type { AnonSurveyPage, Language, SurveyListQuery } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../../config/app-config.js';
import type { Principal } from '../../../../infrastructure/http/request-context.js';
import { AnsweringRepository, type SurveyHead } from '../../domain/answering.repository.js';
import { userKey } from '../../domain/device-token.js';
import { listItem } from '../list-open/list-open.query.js';

/**
 * `GET /api/surveys/mine` (问卷答题, /survey/wjdt): the published questionnaires in use, not ended, that the caller may
 * answer — a signed-in audience's they are a recipient of (publishing's resolution, asked now), and the public ones —
 * each marked answered or not (by their account), open ones first, ending soonest first.
 */
@Injectable()
export class ListMySurveys {
  constructor(
    private readonly db: DataSource,
    private readonly answering: AnsweringRepository,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(q: SurveyListQuery, me: Principal, lang: Language): Promise<AnonSurveyPage> {
    const candidates = await this.answering.published(this.db);
    const mine: SurveyHead[] = [];
    for (const h of candidates) {
      if (h.is_public || (h.audience && (await this.answering.recipientSeat(this.db, h.audience, me.userId)))) mine.push(h);
    }
    const answered = await this.answering.answered(this.db, mine.map((h) => h.id), userKey(me.userId));
    const ordered = [...mine.filter((h) => h.open_now), ...mine.filter((h) => !h.open_now)];
    const page = ordered.slice((q.current - 1) * q.size, q.current * q.size);
    return {
      records: page.map((h) => ({ ...listItem(h, lang, this.config.timeZone), answered: answered.has(h.id), open: h.open_now })),
      total: ordered.length,
      current: q.current,
      size: q.size,
    };
  }
}

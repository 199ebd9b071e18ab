import { Inject, Injectable } from '@nestjs/common';
import { type AnonSurveyItem, type AnonSurveyPage, formatSchoolTime, type Language } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../../config/app-config.js';
import { AnsweringRepository, type SurveyHead } from '../../domain/answering.repository.js';

/** A questionnaire as the answering lists show it, in the caller's language. */
export function listItem(h: SurveyHead, lang: Language, timeZone: string): AnonSurveyItem {
  const t = (d: Date): string => formatSchoolTime(new Date(d).getTime(), timeZone);
  const categoryName = (lang === 'en' ? h.category_name_en || h.category_name : h.category_name) ?? h.category;
  return { id: h.id, name: h.name, categoryName, description: h.description, start: t(h.start_at), end: t(h.end_at), respondents: h.response_count };
}

/**
 * `GET /anon/surveys`: the public questionnaires open now (published, in use, inside their window), ending soonest
 * first — what anyone may answer without signing in; nothing of a signed-in audience's is listed.
 */
@Injectable()
export class ListOpenSurveys {
  constructor(
    private readonly db: DataSource,
    private readonly answering: AnsweringRepository,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(lang: Language): Promise<AnonSurveyPage> {
    const records = (await this.answering.openPublic(this.db)).map((h) => listItem(h, lang, this.config.timeZone));
    return { records, total: records.length, current: 1, size: records.length };
  }
}

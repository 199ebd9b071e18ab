import { Inject, Injectable, Logger } from '@nestjs/common';
import { formatSchoolTime, type Language, sheetName, type SurveyStatsQuery } from '@schoolflow/contracts';
import type { Writable } from 'node:stream';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../../config/app-config.js';
import { translate } from '../../../../infrastructure/i18n/i18n.js';
import type { ClientInfo, Principal } from '../../../../infrastructure/http/request-context.js';
import { XlsxStreamWriter } from '../../../../infrastructure/spreadsheet/xlsx-stream.js';
import { SurveysErrors } from '../../../surveys.errors.js';
import { exportHeader, exportRow, type ExportTexts, exportWidths } from '../../domain/export-rows.js';
import { SurveyAccess } from '../../../domain/survey-access.js';
import { ResultsRepository } from '../../domain/results.repository.js';

/**
 * Responses read from the cursor per FETCH: with the xlsx writer's 64 KB chunk, what bounds an export's memory
 * (docs/adr/0038-questionnaires.md#results) — 20,000 responses or 2,000,000, the same.
 */
export const EXPORT_BATCH = 500;

/** An export checked and ready to stream: the file's name, and the writing into a response. */
export interface PreparedExport {
  fileName: string;
  write(out: Writable): Promise<number>;
}

/**
 * `GET /surveys/{id}/export`: every response (of a class or grade when filtered) as one row of an .xlsx, streamed as it
 * is read — a read-only snapshot with a cursor, written row by row with back-pressure from the download. Refusals
 * come before the first byte; a failure after it ends the download (the file is then incomplete and unreadable,
 * never silently short). Logged in the operation log.
 */
@Injectable()
export class ExportSurveyAnswers {
  private readonly log = new Logger('SurveyExport');

  constructor(
    private readonly db: DataSource,
    private readonly results: ResultsRepository,
    private readonly access: SurveyAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async prepare(id: string, f: SurveyStatsQuery, me: Principal, client: ClientInfo, lang: Language): Promise<PreparedExport> {
    await this.access.mayManage(me, client, 'survey.export', id);
    const survey = await this.results.survey(this.db, id);
    if (!survey) throw SurveysErrors.notFound();
    await this.access.mayManageOne(me, client, 'survey.export', { id, author_id: survey.authorId });
    const questions = await this.results.questions(this.db, id);
    const teachers = await this.results.answeredTeachers(this.db, id);
    const t: ExportTexts = {
      time: translate(lang, 'surveys.results.export.time'),
      className: translate(lang, 'surveys.results.export.className'),
      grade: translate(lang, 'surveys.results.export.grade'),
      respondent: translate(lang, 'surveys.results.export.respondent'),
      account: translate(lang, 'surveys.results.export.account'),
      separator: translate(lang, 'surveys.results.export.separator'),
    };
    const named = !survey.anonymous && !survey.isPublic;
    const header = exportHeader(questions, t, named);
    const fileName = translate(lang, 'surveys.results.export.file', { name: survey.name });
    return {
      fileName,
      write: async (out) => {
        const cursor = await this.results.openExport(this.db, id, f, lang, EXPORT_BATCH);
        let rows = 0;
        try {
          const w = new XlsxStreamWriter(out);
          await w.start(sheetName(survey.name, new Set(), 'Sheet1'), exportWidths(header));
          await w.addRow(header);
          for (let batch = await cursor.next(); batch.length > 0; batch = await cursor.next()) {
            for (const r of batch) {
              await w.addRow(exportRow(r, questions, teachers, t, named, formatSchoolTime(new Date(r.createdAt).getTime(), this.config.timeZone)));
              rows++;
            }
          }
          await w.finish();
        } catch (err) {
          this.log.warn(`export of ${id} stopped after ${rows} rows: ${err instanceof Error ? err.message : String(err)}`);
          out.destroy();
          return rows;
        } finally {
          await cursor.close();
        }
        // an export is a copy of every answer leaving the system: logged like an administrator's change
        await this.access.record(me, client, 'survey.export', id, { rows, classId: f.classId ?? null, grade: f.grade ?? null });
        return rows;
      },
    };
  }
}

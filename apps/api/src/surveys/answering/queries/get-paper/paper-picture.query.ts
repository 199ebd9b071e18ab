import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { FileRow } from '../../../../files/domain/file-store.js';
import { SurveysErrors } from '../../../surveys.errors.js';
import { AnsweringRepository } from '../../domain/answering.repository.js';
import type { Caller } from '../../domain/optional-caller.js';

/**
 * `GET /anon/surveys/{id}/pictures/{resId}`: an option's picture for whoever may open the paper — the file download
 * needs a session, and a public paper is read without one. Only pictures linked to this questionnaire, while it is
 * published and in use (its author: always, for the preview); anything else "does not exist".
 */
@Injectable()
export class PaperPicture {
  constructor(
    private readonly db: DataSource,
    private readonly answering: AnsweringRepository,
  ) {}

  async execute(id: string, resId: string, caller: Caller | null): Promise<FileRow> {
    const head = await this.answering.head(this.db, id);
    if (!head) throw SurveysErrors.notFound();
    const author = caller !== null && caller.userId === head.author_id;
    if (!author && !(head.published && head.enabled)) throw SurveysErrors.notFound();
    const file = await this.answering.picture(this.db, id, resId);
    if (!file) throw SurveysErrors.notFound();
    return file;
  }
}

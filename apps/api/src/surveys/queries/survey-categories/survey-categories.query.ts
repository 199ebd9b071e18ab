import { Injectable } from '@nestjs/common';
import type { SurveyCategory } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SurveysRepository } from '../../domain/surveys.repository.js';

/** The category dictionary (STD_SURVEY_CATEGORY, kept in dictionary management): the form's choices. */
@Injectable()
export class SurveyCategories {
  constructor(
    private readonly db: DataSource,
    private readonly surveys: SurveysRepository,
  ) {}

  execute(): Promise<SurveyCategory[]> {
    return this.surveys.categories(this.db);
  }
}

import { Injectable } from '@nestjs/common';
import type { FeedbackCategory } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { FeedbackRepository } from '../../domain/feedback.repository.js';

/** The categories to choose from: the dictionary STD_FEEDBACK_CATEGORY's enabled, published entries, in its order. */
@Injectable()
export class ListFeedbackCategories {
  constructor(
    private readonly db: DataSource,
    private readonly feedback: FeedbackRepository,
  ) {}

  execute(): Promise<FeedbackCategory[]> {
    return this.feedback.categories(this.db);
  }
}

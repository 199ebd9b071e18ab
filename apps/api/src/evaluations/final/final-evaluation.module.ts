import { Module } from '@nestjs/common';
import { SystemModule } from '../../system/system.module.js';
import { ResultsRepository } from '../domain/results.repository.js';
import { FinalResultsRepository } from './domain/final-results.repository.js';
import { FinalEvaluationController } from './final-evaluation.controller.js';
import { ClassFinalQuery } from './queries/class-final/class-final.query.js';
import { StudentFinalQuery } from './queries/student-final/student-final.query.js';

/**
 * The final-term evaluation's reads (issue 28 part 3; the flow is workflows/final-evaluation with its plugin in
 * applications/final-evaluation): the head teacher's classes, a family's results, and the published results the
 * final report PDF prints (exported to grades).
 */
@Module({
  imports: [SystemModule],
  controllers: [FinalEvaluationController],
  // ResultsRepository: the evaluations' weighting (stateless SQL), so a family reads the values the analysis shows
  providers: [FinalResultsRepository, ResultsRepository, ClassFinalQuery, StudentFinalQuery],
  exports: [FinalResultsRepository],
})
export class FinalEvaluationModule {}

import { Module } from '@nestjs/common';

/**
 * Evaluations (issue 28, docs/product/evaluations.md, docs/adr/0045-evaluations.md): settings (templates), rounds,
 * sheets and analysis of one context; refusals in evaluations.errors.ts. The final-term flow builds on the results
 * this module exports.
 */
@Module({
  imports: [],
  controllers: [],
  providers: [],
  exports: [],
})
export class EvaluationsModule {}

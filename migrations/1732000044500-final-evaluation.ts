import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The final-term evaluation flow (issue 28 part 3, docs/product/evaluations.md#final-term-evaluation): one instance per
 * round and class. Its state is the event store's; the projection's row names the round and the class in its form,
 * and this index refuses a second start for the same pair in the start's own statement (two head teachers' clicks at
 * once cannot both pass a check), answered 422 by the flow's refusal. It also serves the readers of the published
 * results (the report, the radar): by class, in the published state.
 */
export class FinalEvaluation1732000044500 implements MigrationInterface {
  name = 'FinalEvaluation1732000044500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE UNIQUE INDEX wf_instance_final_evaluation_key ON wf_instance ((form->>'roundId'), (form->>'classId')) WHERE flow = 'final-evaluation'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS wf_instance_final_evaluation_key`);
  }
}

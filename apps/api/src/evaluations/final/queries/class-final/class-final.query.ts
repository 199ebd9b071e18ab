import { Injectable } from '@nestjs/common';
import type { FinalClassRow } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { EVALUATION_MISSING_SQL } from '../../../../applications/final-evaluation/final-evaluation.results.js';
import { rows } from '../../../../infrastructure/database/query-rows.js';
import type { Principal } from '../../../../infrastructure/http/request-context.js';
import { FinalResultsRepository } from '../../domain/final-results.repository.js';

interface Row {
  round_id: string;
  round_name: string;
  class_id: string;
  class_name: string;
  instance_id: string | null;
  version: number | null;
  state: string | null;
}

const SQL = `SELECT r.id AS round_id, r.name AS round_name, c.id AS class_id, CASE WHEN $2 = 'en' THEN coalesce(nullif(c.name_en, ''), c.name) ELSE c.name END AS class_name,
        i.id AS instance_id, i.version, i.state
   FROM admin_class c
   JOIN eval_round_class rc ON rc.class_id = c.id
   JOIN eval_round r ON r.id = rc.round_id
   LEFT JOIN wf_instance i ON i.flow = 'final-evaluation' AND i.form->>'roundId' = r.id::text AND i.form->>'classId' = c.id::text
  WHERE c.head_teacher_id = $1::uuid
  ORDER BY r.start_at DESC, c.name`;

/**
 * The head teacher's classes in every round, each with its final-term flow (`GET /evaluations/final/classes`): what
 * is still missing before it can be submitted, its state and the objections to answer (with the student's name).
 */
@Injectable()
export class ClassFinalQuery {
  constructor(
    private readonly db: DataSource,
    private readonly results: FinalResultsRepository,
  ) {}

  async execute(me: Principal, lang: string): Promise<FinalClassRow[]> {
    const found = await rows<Row>(this.db, SQL, [me.userId, lang]);
    return Promise.all(
      found.map(async (r) => {
        // the submission's own rule (its facts), so the page says what the SUBMIT would refuse
        const [{ missing } = { missing: 0 }] = await rows<{ missing: number }>(this.db, `SELECT (${EVALUATION_MISSING_SQL}) AS missing`, [r.round_id, r.class_id]);
        if (!r.instance_id) return { roundId: r.round_id, roundName: r.round_name, classId: r.class_id, className: r.class_name, missing, instance: null };
        const ctx = await this.results.contextOf(r.instance_id);
        const ids = [...new Set(ctx.objections.map((o) => o.studentId))];
        const names = ids.length ? await rows<{ id: string; name: string }>(this.db, `SELECT id, name FROM student WHERE id = ANY($1::uuid[])`, [ids]) : [];
        return {
          roundId: r.round_id,
          roundName: r.round_name,
          classId: r.class_id,
          className: r.class_name,
          missing,
          instance: {
            id: r.instance_id,
            version: r.version ?? 0,
            state: r.state ?? '',
            publicityEndsAt: ctx.publicityEndsAt,
            objections: ctx.objections.map((o) => ({ ...o, studentName: names.find((n) => n.id === o.studentId)?.name ?? '' })),
          },
        };
      }),
    );
  }
}

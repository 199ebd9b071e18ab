import { Injectable } from '@nestjs/common';
import { type EvalPrecision, levelFor, roundToPrecision, type StudentFinalEvaluation } from '@schoolflow/contracts';
import { fold } from '@schoolflow/workflows';
import { finalEvaluationMachine, type FinalEvaluationContext } from '@schoolflow/workflows/final-evaluation/final-evaluation.machine.js';
import { DataSource } from 'typeorm';
import { rows } from '../../../infrastructure/database/query-rows.js';
import { ResultsRepository } from '../../domain/results.repository.js';

interface InstanceRow {
  id: string;
  version: number;
  state: string;
  round_id: string;
  round_name: string;
  semester_id: string;
  precision: EvalPrecision;
}

interface ContentRow {
  id: string;
  theme: string;
  content: string;
  max: number;
  levels: { name: string; score: number | null; min: number | null; max: number | null }[];
}

/**
 * The instances of a student's class that families may read (公示 on, 待确认, 已发布), newest round first; `$2`: only
 * published ones (the report).
 */
const INSTANCES_SQL = `SELECT i.id, i.version, i.state, r.id AS round_id, r.name AS round_name, r.semester_id, t.precision
   FROM student s
   JOIN wf_instance i ON i.flow = 'final-evaluation' AND i.form->>'classId' = s.class_id::text
   JOIN eval_round r ON r.id::text = i.form->>'roundId'
   JOIN eval_template t ON t.id = r.template_id
  WHERE s.id = $1::uuid AND i.state = ANY($2::text[]) AND ($3::uuid IS NULL OR r.semester_id = $3::uuid)
  ORDER BY r.start_at DESC`;

/**
 * A round's contents in order with their levels; each one's value for a student is the evaluations' own weighting
 * (ResultsRepository.weighted: the one place that states it).
 */
const CONTENTS_SQL = `SELECT c.id, t.name AS theme, c.name AS content, c.max_score::float8 AS max,
         coalesce((SELECT json_agg(json_build_object('name', l.name, 'score', l.score::float8, 'min', l.band_min::float8, 'max', l.band_max::float8) ORDER BY l.position)
                     FROM eval_level l WHERE l.content_id = c.id), '[]') AS levels
    FROM eval_round r JOIN eval_content c ON c.template_id = r.template_id JOIN eval_theme t ON t.id = c.theme_id
   WHERE r.id = $1::uuid
   ORDER BY t.position, c.position`;

const COMMENT_SQL = `SELECT text FROM eval_comment WHERE round_id = $1::uuid AND student_id = $2::uuid AND role = 'head' ORDER BY updated_at DESC LIMIT 1`;

export const VISIBLE_STATES = ['publicity', 'review', 'published'] as const;

@Injectable()
export class FinalResultsRepository {
  constructor(
    private readonly db: DataSource,
    private readonly results: ResultsRepository,
  ) {}

  /** May `userId` read this student's evaluation: the student, a guardian, the class's head teacher. */
  async isFamilyOrHeadTeacher(userId: string, studentId: string): Promise<boolean> {
    const found = await rows(
      this.db,
      `SELECT 1 FROM student s LEFT JOIN admin_class c ON c.id = s.class_id
        WHERE s.id = $1::uuid AND (s.user_id = $2 OR c.head_teacher_id = $2 OR EXISTS (SELECT 1 FROM guardian g WHERE g.student_id = s.id AND g.user_id = $2))`,
      [studentId, userId],
    );
    return found.length > 0;
  }

  /** The student's evaluations in the given states (the family's page: from the publicity on; the report: published). */
  /** The instance's context, folded from its events (the truth; the read model holds no objections). */
  async contextOf(instanceId: string): Promise<FinalEvaluationContext> {
    const events = await rows<{ type: string; data: Record<string, unknown> }>(this.db, `SELECT type, data FROM events WHERE stream_id = $1 ORDER BY version`, [`final-evaluation-${instanceId}`]);
    return fold(finalEvaluationMachine, events).context;
  }

  async forStudent(studentId: string, states: readonly string[], semesterId: string | null): Promise<StudentFinalEvaluation[]> {
    const instances = await rows<InstanceRow>(this.db, INSTANCES_SQL, [studentId, states, semesterId]);
    return Promise.all(
      instances.map(async (i) => {
        const [contents, weighted, comment, context] = await Promise.all([
          rows<ContentRow>(this.db, CONTENTS_SQL, [i.round_id]),
          this.results.weighted(this.db, i.round_id, null, studentId),
          rows<{ text: string }>(this.db, COMMENT_SQL, [i.round_id, studentId]),
          this.contextOf(i.id),
        ]);
        return {
          instanceId: i.id,
          version: i.version,
          state: i.state,
          roundId: i.round_id,
          roundName: i.round_name,
          semesterId: i.semester_id,
          precision: i.precision,
          publicityEndsAt: context.publicityEndsAt,
          contents: contents.map((c) => {
            const raw = weighted.find((w) => w.contentId === c.id)?.value;
            const value = raw === undefined ? null : roundToPrecision(raw, i.precision);
            return { theme: c.theme, content: c.content, value, max: c.max, level: levelFor(value, c.levels)?.name ?? null };
          }),
          comment: comment[0]?.text ?? null,
          objections: context.objections.filter((o) => o.studentId === studentId),
        };
      }),
    );
  }
}

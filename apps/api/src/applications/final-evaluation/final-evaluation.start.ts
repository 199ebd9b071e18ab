import type { EvaluationSubmitted, SubmissionFacts } from '@schoolflow/workflows/final-evaluation/final-evaluation.machine.js';
import { publicityEnd } from '@schoolflow/workflows/final-evaluation/publicity.js';
import type { FinalEvaluationForm } from '@schoolflow/workflows/final-evaluation/final-evaluation.flow.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import { AppException } from '../../infrastructure/http/app-exception.js';
import type { StartClock, StartPlan } from '../../workflow/domain/flow-plugin.js';
import { roleHoldersSql, withStandIns } from '../shared/student-applicant.js';
import { EVALUATION_MISSING_SQL } from './final-evaluation.results.js';

/** What a class's submission reads: the round and the class (null when there is no such), the families, the holders, the week, what is missing. */
export interface FinalEvaluationRead {
  round_name: string | null;
  round_name_en: string | null;
  /** Whether the round evaluates this class (its grades or classes). */
  in_round: boolean;
  class_name: string | null;
  class_name_en: string | null;
  head_teacher_id: string | null;
  /** Each enrolled student's account and guardians: { studentId, userId, guardians }. */
  families: { student_id: string; user_id: string | null; guardians: string[] }[];
  office: string[];
  admin: string[];
  /** School days a week (the timetable's setting). */
  days_a_week: number;
  missing: number;
}

/** The facts of a submission (first or again): `$1` the round, `$2` the class. */
const FACTS_SQL = `SELECT
   coalesce((SELECT json_agg(json_build_object('student_id', s.id, 'user_id', s.user_id,
             'guardians', coalesce((SELECT array_agg(g.user_id ORDER BY g.user_id) FROM guardian g WHERE g.student_id = s.id), '{}')) ORDER BY s.student_no)
             FROM student s WHERE s.class_id = $2::uuid AND s.status = 'enrolled'), '[]') AS families,
   coalesce((SELECT CASE WHEN value::text ~ '^[1-7]$' THEN value::text::int END FROM sys_config WHERE key = 'timetable.days'), 5) AS days_a_week,
   (${EVALUATION_MISSING_SQL}) AS missing`;

const START_SQL = `${FACTS_SQL},
   (SELECT name FROM eval_round WHERE id = $1::uuid) AS round_name,
   (SELECT name FROM eval_round WHERE id = $1::uuid) AS round_name_en,
   EXISTS (SELECT 1 FROM eval_round_class rc WHERE rc.round_id = $1::uuid AND rc.class_id = $2::uuid) AS in_round,
   (SELECT name FROM admin_class WHERE id = $2::uuid) AS class_name,
   (SELECT coalesce(nullif(name_en, ''), name) FROM admin_class WHERE id = $2::uuid) AS class_name_en,
   (SELECT head_teacher_id FROM admin_class WHERE id = $2::uuid) AS head_teacher_id,
   ${roleHoldersSql(['office', 'admin'])}`;

export async function readFinalEvaluationStart(db: Prepared, form: FinalEvaluationForm): Promise<FinalEvaluationRead> {
  const [row] = (await db.query(START_SQL, [form.roundId, form.classId])) as FinalEvaluationRead[];
  if (!row) throw AppException.notFound();
  return row;
}

export async function readSubmissionFacts(db: Prepared, roundId: string, classId: string): Promise<Pick<FinalEvaluationRead, 'families' | 'days_a_week' | 'missing'>> {
  const [row] = (await db.query(FACTS_SQL, [roundId, classId])) as FinalEvaluationRead[];
  return row ?? { families: [], days_a_week: 5, missing: 0 };
}

/**
 * The submission's facts, pure: every student's account and guardians may object for that student; the publicity
 * ends after `days` school days (publicity.ts).
 */
export function submissionFacts(read: Pick<FinalEvaluationRead, 'families' | 'days_a_week' | 'missing'>, days: number, clock: StartClock): SubmissionFacts {
  const families: Record<string, string[]> = {};
  const add = (userId: string | null, studentId: string) => {
    if (!userId) return;
    families[userId] = [...new Set([...(families[userId] ?? []), studentId])];
  };
  for (const f of read.families) {
    add(f.user_id, f.student_id);
    for (const g of f.guardians) add(g, f.student_id);
  }
  return { families, publicityDays: days, publicityEndsAt: publicityEnd(clock.now, days, read.days_a_week, clock.timeZone), missing: Number(read.missing) };
}

/**
 * The rules of a class's first submission, on what was read (pure): the round and the class exist and the round
 * evaluates the class (404 otherwise, as for any record one cannot name); only the class's head teacher submits
 * (403); the office confirms, administrators standing in when the head teacher is its only member (nobody confirms
 * their own class). One instance per round and class: the projection's unique index refuses a second (422).
 */
export function planFinalEvaluationStart(form: FinalEvaluationForm, read: FinalEvaluationRead, actorId: string, days: number, clock: StartClock): StartPlan {
  if (read.round_name === null || read.class_name === null || !read.in_round) throw AppException.notFound();
  if (read.head_teacher_id !== actorId) throw AppException.forbidden('evaluations.final.errors.notHeadTeacher');
  const office = withStandIns(read.office, read.admin, actorId);
  const facts = submissionFacts(read, days, clock);
  const data: Omit<EvaluationSubmitted, 'type' | 'actorId'> = {
    roundId: form.roundId,
    roundName: { zh: read.round_name, en: read.round_name_en || read.round_name },
    classId: form.classId,
    className: { zh: read.class_name, en: read.class_name_en || read.class_name },
    headTeacherId: actorId,
    route: { headTeacher: [actorId], office },
    ...facts,
  };
  return {
    data,
    studentId: null,
    owners: [actorId],
    reviewers: [...office, ...Object.keys(facts.families)],
    attachments: [],
    refusals: { wf_instance_final_evaluation_key: 'evaluations.final.errors.alreadySubmitted' },
  };
}

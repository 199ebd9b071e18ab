import type { EntityManager } from 'typeorm';
import { logger } from '../../infrastructure/logging/logger.js';
import { lessonsOf, loadScheduleInput, unplacedRecord } from '../domain/schedule-input.js';
import { insertLessons } from '../domain/timetable-versions.repository.js';
import { schedule } from '../scheduling/scheduler.js';

/** The school day: four periods in the morning, four in the afternoon (45 minutes, breaks between). */
export const DEMO_PERIODS: readonly [no: number, start: string, end: string, part: 'morning' | 'afternoon'][] = [
  [1, '08:00', '08:45', 'morning'],
  [2, '08:55', '09:40', 'morning'],
  [3, '10:00', '10:45', 'morning'],
  [4, '10:55', '11:40', 'morning'],
  [5, '13:30', '14:15', 'afternoon'],
  [6, '14:25', '15:10', 'afternoon'],
  [7, '15:20', '16:05', 'afternoon'],
  [8, '16:15', '17:00', 'afternoon'],
];

/** Each grade's weekly periods of a course (高一–高三 alike): 30 of the week's 40; Chinese, maths and English are main subjects, PE is in the gym. */
export const DEMO_WEEKLY_PERIODS: Readonly<Record<string, { periods: number; main?: true; roomType?: 'gym' }>> = {
  CHN: { periods: 5, main: true },
  MATH: { periods: 5, main: true },
  ENG: { periods: 4, main: true },
  PHY: { periods: 3 },
  CHEM: { periods: 3 },
  BIO: { periods: 2 },
  HIS: { periods: 2 },
  GEO: { periods: 2 },
  POL: { periods: 2 },
  PE: { periods: 2, roomType: 'gym' },
};

/** The seed the demo's timetable is searched with: every fresh demo school gets the same timetable. */
const DEMO_SEED = 20260901;
/**
 * The demo has six classes: a complete timetable is found at once and the improvement ends by its own rule (counted in
 * steps, so every demo school gets the same timetable) long before this bound, which only guards a very slow machine.
 */
const DEMO_IMPROVE_MS = 10_000;

/**
 * The demo school's timetable (issue 9): lesson periods, the current semester's weekly periods for 高一–高三, a gym,
 * teachers' research-group afternoons as unavailable periods, the demo's English teacher marked a foreign teacher —
 * then the automatic scheduler makes the current semester's timetable from them and it is published. Runs in the
 * demo seed's transaction, so a demo school is never left half made.
 */
export async function seedDemoTimetable(tx: EntityManager, at: { semesterId: string; semesterName: string; buildingId: string; adminId: string; courseId: ReadonlyMap<string, string>; userId: ReadonlyMap<string, string> }): Promise<void> {
  await tx.query(
    `INSERT INTO lesson_period (no, name, start_time, end_time, part)
     SELECT (p->>0)::int, '第' || (p->>0) || '节', p->>1, p->>2, p->>3 FROM jsonb_array_elements($1::jsonb) p`,
    [JSON.stringify(DEMO_PERIODS)],
  );
  await tx.query(`INSERT INTO classroom (building_id, code, name, type, seats, exam_seats, for_exams, sort) VALUES ($1, 'G101', '体育馆', 'gym', 99, 0, false, 90)`, [at.buildingId]);
  await tx.query(
    `INSERT INTO grade_course_hours (semester_id, grade, course_id, periods, room_type, main)
     SELECT $1, g.grade, (h->>'course')::uuid, (h->>'periods')::int, h->>'roomType', (h->>'main')::boolean
       FROM unnest(ARRAY['10', '11', '12']) g(grade), jsonb_array_elements($2::jsonb) h`,
    [at.semesterId, JSON.stringify(Object.entries(DEMO_WEEKLY_PERIODS).map(([code, h]) => ({ course: at.courseId.get(code), periods: h.periods, roomType: h.roomType ?? null, main: h.main ?? false })))],
  );
  // 物理/政治 (teacher04) meets their research group on Wednesday afternoons; the demo maths teacher is away on Friday afternoons
  const away: [account: string, weekday: number, periods: number[], reason: string][] = [
    ['teacher04', 3, [5, 6, 7, 8], '教研活动'],
    ['teacher', 5, [7, 8], '区教研'],
  ];
  for (const [account, weekday, periods, reason] of away) {
    await tx.query(`INSERT INTO teacher_unavailable (semester_id, teacher_id, weekday, period, reason) SELECT $1, $2, $3, p, $4 FROM unnest($5::int[]) p`, [at.semesterId, at.userId.get(account), weekday, reason, periods]);
  }
  await tx.query(`UPDATE staff SET foreign_teacher = true WHERE user_id = $1`, [at.userId.get('teacher03')]);

  const facts = await loadScheduleInput(tx, at.semesterId, 'zh');
  const result = schedule(facts.problem, { seed: DEMO_SEED, timeLimitMs: DEMO_IMPROVE_MS });
  const [row] = (await tx.query(
    `INSERT INTO timetable (semester_id, name, source, state, score, unplaced, created_by, published_at, published_by)
     VALUES ($1, $5, 'auto', 'published', $2, $3, $4, now(), $4) RETURNING id`,
    [at.semesterId, JSON.stringify(result.score), JSON.stringify(result.unplaced.map((u) => unplacedRecord(facts.problem, u))), at.adminId, `${at.semesterName}课表`],
  )) as { id: string }[];
  await insertLessons(tx, (row as { id: string }).id, lessonsOf(facts, result.placements));
  logger.info({ lessons: result.placements.length, unplaced: result.unplaced.length, score: result.score.total, ms: result.ms }, 'demo timetable made by the scheduler');
}

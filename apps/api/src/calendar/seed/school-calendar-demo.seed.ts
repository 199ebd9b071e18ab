import { normalRule, RoleCode } from '@schoolflow/contracts';
import type { EntityManager } from 'typeorm';
import type { DemoSemester } from '../../seed/demo-calendar.js';
import { seriesEnd } from '../domain/recurrence.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const dayMs = (date: string): number => Date.parse(`${date}T00:00:00Z`);
const ts = (ms: number): string => new Date(ms).toISOString().slice(0, 19);

/** The staff roles who read the demo's staff calendar. */
const STAFF = [RoleCode.admin, RoleCode.principal, RoleCode.office, RoleCode.headTeacher, RoleCode.gradeLeader, RoleCode.teacher];

interface DemoEvent {
  title: string;
  category: 'term' | 'exam' | 'meeting' | 'activity' | 'other';
  allDay: boolean;
  /** Floating ms (docs/adr/0058-school-calendar.md#recurrence); `end` excluded. */
  start: number;
  end: number;
  location?: string;
  description?: string;
  rrule?: string;
}

/**
 * The demo school's calendar of the current semester (docs/product/office.md#school-calendar), dated from the seeding
 * day through the semester the seed laid out: on the school calendar its first and last days, the mid-term week (the
 * grade batch's) and the final exam week (the week after the last teaching week), and the Monday flag-raising every
 * week of teaching; a shared 教职工日程 for the staff roles with the weekly staff meeting on Wednesdays. Once: the school
 * calendar (made by the migration) holds nothing yet.
 */
export async function seedDemoSchoolCalendar(tx: EntityManager, o: { semester: DemoSemester; midterm: { start: string; end: string }; adminId: string }): Promise<void> {
  const [school] = (await tx.query(`SELECT c.id, EXISTS (SELECT 1 FROM school_calendar_event e WHERE e.calendar_id = c.id) AS seeded FROM school_calendar c WHERE c.kind = 'school'`)) as { id: string; seeded: boolean }[];
  if (!school || school.seeded) return;
  const { semester: s } = o;
  const start = dayMs(s.start);
  const finalsMonday = dayMs(s.teachingEnd) + 3 * DAY_MS;
  const untilLastTeachingDay = normalRule(`FREQ=WEEKLY;BYDAY=MO;UNTIL=${s.teachingEnd.replace(/-/g, '')}`) as string;

  const schoolEvents: DemoEvent[] = [
    { title: '开学', category: 'term', allDay: true, start, end: start + DAY_MS, description: `${s.name}第一天` },
    { title: '期中考试', category: 'exam', allDay: true, start: dayMs(o.midterm.start), end: dayMs(o.midterm.end) + DAY_MS, location: '各班教室' },
    { title: '期末考试周', category: 'exam', allDay: true, start: finalsMonday, end: finalsMonday + 5 * DAY_MS, description: '考场安排另行通知' },
    { title: '学期结束', category: 'term', allDay: true, start: dayMs(s.end), end: dayMs(s.end) + DAY_MS, description: `${s.name}最后一天` },
    { title: '升旗仪式', category: 'meeting', allDay: false, start: start + 7.5 * HOUR_MS, end: start + 8 * HOUR_MS, location: '操场', rrule: untilLastTeachingDay },
  ];
  for (const e of schoolEvents) await insert(tx, school.id, e, o.adminId);

  const [staff] = (await tx.query(`INSERT INTO school_calendar (kind, name, color, reader_roles) VALUES ('shared', '教职工日程', '#a333c8', $1) RETURNING id`, [STAFF])) as { id: string }[];
  const wednesday = start + 2 * DAY_MS;
  const untilTermEnd = normalRule(`FREQ=WEEKLY;BYDAY=WE;UNTIL=${s.end.replace(/-/g, '')}`) as string;
  await insert(tx, (staff as { id: string }).id, { title: '教职工例会', category: 'meeting', allDay: false, start: wednesday + 16.5 * HOUR_MS, end: wednesday + 17.5 * HOUR_MS, location: '行政楼三楼会议室', rrule: untilTermEnd }, o.adminId);
}

async function insert(tx: EntityManager, calendarId: string, e: DemoEvent, by: string): Promise<void> {
  const end = e.rrule ? seriesEnd(e.rrule, e.start, e.end - e.start) : null;
  await tx.query(
    `INSERT INTO school_calendar_event (calendar_id, title, category, all_day, start_at, end_at, location, description, rrule, series_end, created_by)
     VALUES ($1, $2, $3, $4, $5::timestamp, $6::timestamp, $7, $8, $9, $10::timestamp, $11)`,
    [calendarId, e.title, e.category, e.allDay, ts(e.start), ts(e.end), e.location ?? '', e.description ?? '', e.rrule ?? null, end === null ? null : ts(end), by],
  );
}

import { type Language, parseSchoolTime, readsEveryTimetable } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import { classroomLoanFlow } from '@schoolflow/workflows/classroom-loan/classroom-loan.flow.js';
import { classroomLoanFormSchema } from '@schoolflow/workflows/classroom-loan/classroom-loan.form.js';
import { type RoomBooking, type RoomBusy, type RoomDay, type RoomDayQuery, roomDayQuerySchema, type RoomLesson } from '@schoolflow/workflows/classroom-loan/classroom-loan.views.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import { LOAN_FLOW, lessonPeriods, lessonsConcerning } from '../../timetable/domain/lesson-calendar.js';
import type { EffectOutcome } from '../../workflow/domain/effect-refusal.js';
import type { EffectInput, FlowPlugin, NotificationInput, PlannedMessage, PluginDeps, StartPlan } from '../../workflow/domain/flow-plugin.js';
import { reviewMessages } from '../shared/review-messages.js';
import { holdStillPending, reviewMoved } from '../shared/effect-checks.js';
import { settleBookings } from '../shared/room-bookings.js';
import { requestHold } from '../shared/hold-settlement.js';
import { WorkflowErrors } from '../../workflow/workflow.errors.js';
import { loanTime, planClassroomLoanStart, readClassroomLoanStart } from './classroom-loan.start.js';

const definition = classroomLoanFlow as unknown as FlowDefinition;

/** A loan's booking as its events move it: the rule its effect writes (settleBookings). */
export const LOAN_HOLD = requestHold(definition, ['classroom_booking']);

// A classroom and its loans that overlap one day of the school's calendar (midnight to midnight, school time). Make-ups
// and swaps book the rooms of their lessons too: those are the day's lessons, listed apart (and named only for staff).
const ROOM_DAY_SQL = `SELECT c.name AS classroom,
       coalesce((SELECT json_agg(json_build_object('id', b.instance_id, 'start', lower(b.period), 'end', upper(b.period), 'status', b.status,
                                                   'purpose', i.form->>'purpose', 'applicant', u.name, 'mine', i.applicant_id = $4::uuid) ORDER BY lower(b.period))
                   FROM classroom_booking b JOIN wf_instance i ON i.id = b.instance_id AND i.flow = '${LOAN_FLOW}' JOIN sys_user u ON u.id = i.applicant_id
                  WHERE b.classroom_id = c.id
                    AND b.period && tstzrange(($2::date)::timestamp AT TIME ZONE $3::text, ($2::date + 1)::timestamp AT TIME ZONE $3::text, '[)')), '[]') AS bookings
  FROM classroom c WHERE c.id = $1::uuid`;

/**
 * 教室借用 on the engine (its start: classroom-loan.start.ts): only a lendable, enabled classroom; its time booked in
 * the start's own statement — the database's exclusion constraint refuses an overlap with a pending or passed loan,
 * even two sent at once; the office decides; a loan that ends rejected or withdrawn frees its time, a passed one keeps it.
 */
export const createPlugin = ({ config }: PluginDeps): FlowPlugin => ({
  definition,
  hold: LOAN_HOLD,

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    const form = validate(classroomLoanFormSchema, body);
    const time = loanTime(form, { now: Date.now(), timeZone: config.timeZone });
    const read = await readClassroomLoanStart(db, form, time, config.timeZone);
    return planClassroomLoanStart(form, read, actor, time);
  },

  messages: (input: NotificationInput): PlannedMessage[] => reviewMessages(definition, input),

  // the room's day beside the form lists the bookings this effect writes
  announcesEffects: true,

  /**
   * Ended without passing: the time is free again. Passed: the booking stands — if it is still held (docs/adr/0027);
   * one that is gone is not made to stand again, and the instance says why.
   */
  async effects({ instanceId, before, after }: EffectInput, db): Promise<EffectOutcome | undefined> {
    const review = reviewMoved(definition, before, after);
    if (review === null) return undefined;
    const refused = review === 'passed' ? await holdStillPending(db, instanceId, [{ table: 'classroom_booking', required: true }]) : undefined;
    if (refused) return refused;
    await settleBookings(review, instanceId, db);
    return undefined;
  },

  views: {
    /**
     * One classroom's loans on one school day, pending and passed, in time order, and its lessons that day: named for
     * staff, who read every timetable; for a student (who may ask for a room too) only the periods it is busy — whose
     * lessons are held where is no student's to read (docs/adr/0026).
     */
    day: {
      query: roomDayQuerySchema,
      async read(q: RoomDayQuery, actor: Principal, db: Prepared, lang: Language): Promise<RoomDay> {
        const [row] = (await db.query(ROOM_DAY_SQL, [q.classroomId, q.date, config.timeZone, actor.userId])) as { classroom: string; bookings: RoomBooking[] }[];
        if (!row) throw WorkflowErrors.notFound();
        const [periods, held] = await Promise.all([lessonPeriods(db), lessonsConcerning(db, { dates: [q.date], classroomIds: [q.classroomId] }, lang)]);
        const at = (hhmm: string) => new Date(parseSchoolTime(`${q.date} ${hhmm}`, config.timeZone) ?? Number.NaN).toISOString();
        const named = held.flatMap((l): RoomLesson[] => {
          const p = periods.find((x) => x.no === l.period);
          return p ? [{ period: l.period, start: at(p.start), end: at(p.end), pending: l.pending, courseName: l.courseName, className: l.className, teacherName: l.teacherName, change: l.change }] : [];
        });
        // a busy period once (a lesson a request moves away holds it beside the one coming): pending while nothing settled holds it
        const busy = (): RoomBusy[] =>
          [...new Set(named.map((l) => l.period))].flatMap((period) => {
            const here = named.filter((l) => l.period === period);
            const first = here[0];
            return first ? [{ period, start: first.start, end: first.end, pending: here.every((l) => l.pending) }] : [];
          });
        const lessons = readsEveryTimetable(actor.userType) ? named : busy();
        return { classroom: row.classroom, date: q.date, bookings: row.bookings.map((b) => ({ ...b, start: new Date(b.start).toISOString(), end: new Date(b.end).toISOString() })), lessons };
      },
    },
  },

  /** The classrooms one may ask for: lendable and enabled. */
  async options(field: string, _actor: Principal, db: Prepared) {
    if (field !== 'classroomId') return [];
    return (await db.query(`SELECT c.id AS value, c.name || ' · ' || b.name AS label FROM classroom c JOIN building b ON b.id = c.building_id WHERE c.lendable AND c.enabled ORDER BY b.name, c.sort, c.code`, [])) as {
      value: string;
      label: string;
    }[];
  },
});

import { Inject, Injectable } from '@nestjs/common';
import { datesOfWeek, formatSchoolTime, type Language, type Lesson, type TimetableAnswer, TimetablePermission, type TimetableQuery, weekdayOf, weekOfDate } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { Principal } from '../../../infrastructure/http/request-context.js';
import { HolidaysRepository } from '../../../calendar/domain/holidays.repository.js';
import { applyHolidays, workdayExtraDays } from '../../domain/holiday-week.js';
import { TimetableLessonsRepository } from '../../domain/timetable-lessons.repository.js';
import { TimetableScopes } from '../../domain/timetable-scope.js';
import { lessonPeriods } from '../../domain/lesson-calendar.js';
import { schoolDays, semesterOf } from '../../domain/timetable-semesters.js';
import { TimetableVersionsRepository, type VersionRow } from '../../domain/timetable-versions.repository.js';
import { TimetableErrors } from '../../timetable.errors.js';

/** A week's days, Monday to Sunday. */
const WEEK_DAYS = 7;

/**
 * 课表查询 (docs/product/timetable.md#inquiry, `GET /api/timetable`): a semester's timetable — its published one unless a draft is asked for
 * by someone who makes timetables — as its weekly template, or a teaching week's dates with the passed make-ups and
 * swaps and the declared holidays and make-up workdays applied (the week's declared days answered with it); narrowed to what the query names and the reader may see.
 */
@Injectable()
export class TimetableInquiry {
  constructor(
    private readonly db: DataSource,
    private readonly versions: TimetableVersionsRepository,
    private readonly lessons: TimetableLessonsRepository,
    private readonly scopes: TimetableScopes,
    private readonly holidays: HolidaysRepository,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(q: TimetableQuery, me: Principal, lang: Language): Promise<TimetableAnswer> {
    const filter = await this.scopes.filter(me, q, lang);
    const chosen = q.timetableId ? await this.readable(q.timetableId, me) : null;
    if (chosen && q.semesterId && chosen.semesterId !== q.semesterId) throw TimetableErrors.timetableNotFound();
    const semester = await semesterOf(this.db, chosen?.semesterId ?? q.semesterId, lang);
    const timetable = chosen ?? (await this.versions.published(this.db, semester.id));
    const [days, periods] = await Promise.all([schoolDays(this.db), lessonPeriods(this.db)]);
    const today = formatSchoolTime(Date.now(), this.config.timeZone).slice(0, 10);
    const currentWeek = today >= semester.teachingStart && today <= semester.teachingEnd ? weekOfDate(semester.teachingStart, today) : null;
    const base = {
      semester,
      timetable: timetable ? { id: timetable.id, name: timetable.name, state: timetable.state, source: timetable.source } : null,
      days,
      periods,
      currentWeek,
    };
    if (!q.week) return { ...base, week: null, dates: null, extraDays: [], holidays: [], lessons: timetable ? await this.lessons.template(timetable.id, filter, lang) : [] };
    // the whole week: a make-up on a Saturday is a lesson of that week even when the school has five days
    const dates = datesOfWeek(semester.teachingStart, q.week, WEEK_DAYS);
    const inTeaching = dates.filter((d) => d >= semester.teachingStart && d <= semester.teachingEnd);
    const holidays = await this.holidays.days(this.db, dates[0] as string, dates[dates.length - 1] as string);
    let lessons: Lesson[] = [];
    if (timetable && inTeaching.length > 0) {
      // a make-up workday (调休) holds another weekday's lessons: the template is read only for a week that has one
      const template = timetable.state !== 'published' || holidays.some((h) => h.kind === 'workday') ? await this.lessons.template(timetable.id, filter, lang) : [];
      const read =
        timetable.state === 'published'
          ? await this.lessons.dated(inTeaching[0] as string, inTeaching[inTeaching.length - 1] as string, filter, lang)
          : // a draft has no dated changes: its template on the week's teaching dates
            template.flatMap((l) => inTeaching.filter((d) => weekdayOf(d) === l.weekday).map((date) => ({ ...l, date })));
      // declared holidays have no lessons, workdays the replaced weekday's (docs/adr/0048-public-holidays.md#timetable)
      lessons = applyHolidays(read, holidays, template, inTeaching);
    }
    const extraDays = [...new Set([...lessons.map((l) => l.weekday).filter((d) => d > days), ...workdayExtraDays(holidays, timetable ? inTeaching : [], days)])].sort((a, b) => a - b);
    return { ...base, week: q.week, dates, extraDays, holidays, lessons };
  }

  /** A timetable asked for by id: the published one for anyone who may read timetables, drafts for those who make them. */
  private async readable(id: string, me: Principal): Promise<VersionRow> {
    const row = await this.versions.get(this.db, id);
    if (row.state !== 'published' && !me.permissions.has(TimetablePermission.schedule)) throw TimetableErrors.timetableNotFound();
    return row;
  }
}

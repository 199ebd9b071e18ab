import { Injectable } from '@nestjs/common';
import type { Language, Lesson, LessonPeriod } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { HolidaysRepository } from '../../calendar/domain/holidays.repository.js';
import { applyHolidays } from '../../timetable/domain/holiday-week.js';
import { lessonPeriods, teachingSemesterOf } from '../../timetable/domain/lesson-calendar.js';
import { type LessonFilter, TimetableLessonsRepository } from '../../timetable/domain/timetable-lessons.repository.js';
import { TimetableVersionsRepository } from '../../timetable/domain/timetable-versions.repository.js';

/** A date's lessons as a roll reads them: a declared holiday's name (then no lessons), the periods, the lessons. */
export interface DayLessons {
  holiday: string | null;
  periods: LessonPeriod[];
  /** Administrative classes' own lessons only (a teaching class's roll is not a class's: docs/adr/0052-attendance.md#rolls). */
  lessons: (Lesson & { classId: string })[];
}

/**
 * The lessons of one date as the timetable's week answers them (docs/adr/0048-public-holidays.md#timetable): the
 * published timetable with the passed make-ups and swaps, none on a declared holiday, and on a make-up workday (调休)
 * the lessons of the weekday it replaces — the same repositories and the same `applyHolidays` as the week inquiry.
 */
@Injectable()
export class DayLessonsReader {
  constructor(
    private readonly db: DataSource,
    private readonly lessons: TimetableLessonsRepository,
    private readonly versions: TimetableVersionsRepository,
    private readonly holidays: HolidaysRepository,
  ) {}

  async read(date: string, filter: LessonFilter, lang: Language): Promise<DayLessons> {
    const [semester, holidays, periods] = await Promise.all([teachingSemesterOf(this.db, date), this.holidays.days(this.db, date, date), lessonPeriods(this.db)]);
    const holiday = holidays.find((h) => h.kind === 'holiday');
    if (holiday) return { holiday: holiday.name, periods, lessons: [] };
    if (!semester) return { holiday: null, periods, lessons: [] };
    const dated = await this.lessons.dated(date, date, filter, lang);
    let template: Lesson[] = [];
    if (holidays.some((h) => h.kind === 'workday')) {
      const published = await this.versions.published(this.db, semester.id);
      template = published ? await this.lessons.template(published.id, filter, lang) : [];
    }
    const lessons = applyHolidays(dated, holidays, template, [date]).filter((l): l is Lesson & { classId: string } => l.classId !== null);
    return { holiday: null, periods, lessons };
  }
}

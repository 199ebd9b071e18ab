import { Injectable } from '@nestjs/common';
import type { Language, ScheduleCheck } from '@schoolflow/contracts';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import { checkProblems, loadScheduleInput, type ScheduleFacts } from '../domain/schedule-input.js';
import { semesterOf } from '../domain/timetable-semesters.js';
import { precheck } from '../scheduling/precheck.js';

/**
 * What the automatic scheduler would be given for a semester and whatever makes it impossible (issue 9: reported
 * before the scheduler runs): a class's course without a teacher, and the counting arguments of `precheck`.
 */
@Injectable()
export class ScheduleCheckQuery {
  constructor(private readonly db: DataSource) {}

  async execute(semesterId: string | undefined, lang: Language): Promise<ScheduleCheck> {
    const semester = await semesterOf(this.db, semesterId, lang);
    return (await checked(this.db, semester.id, lang)).check;
  }
}

/** The input and its check, read in one go (the start reads both in its transaction). */
export async function checked(db: Pick<EntityManager, 'query'>, semesterId: string, lang: Language): Promise<{ input: ScheduleFacts; check: ScheduleCheck }> {
  const input = await loadScheduleInput(db, semesterId, lang);
  const { problem } = input;
  const problems = [...input.noTeacher, ...checkProblems(problem, precheck(problem), lang)];
  return {
    input,
    check: {
      ok: problems.length === 0 && problem.demands.length > 0,
      problems,
      lessons: problem.demands.reduce((n, d) => n + d.periods, 0),
      sections: problem.sections.length,
      teachers: problem.teachers.length,
      rooms: problem.rooms.length,
      slots: problem.days * problem.periods.length,
    },
  };
}

import type { DayPart } from '@schoolflow/contracts';
import { mulberry32 } from './scheduler.js';
import type { ScheduleDemand, ScheduleProblem, ScheduleRoom, ScheduleSection, ScheduleTeacher } from './schedule-problem.js';

/**
 * A generated school for the tests and `npm run bench:schedule`, the same for the same options and seed. The default
 * is issue 9's: 60 classes (three grades of 20), 10 courses, 80 teachers, 70 rooms, 5 days × 8 periods (4 in the
 * morning, 4 in the afternoon).
 *
 * - Classes of 40–50 students, each with its own ordinary classroom (seats ≥ its size, under 100).
 * - COURSES: 32 periods a week of the 40 for every class; three main subjects (17 periods); IT, PE, music and art in
 *   rooms of their type, the rest in the classroom.
 * - Special rooms per type: enough that the type's lessons fill SPECIAL_ROOM_USE of their slots (60 classes: 4 gyms,
 *   2 computer rooms, 2 music rooms, 2 art rooms — 10, so 70 rooms in all). The first room of a type seats every
 *   class; the others may seat only some (46–56), so capacity matters.
 * - Teachers teach one course each, to a block of classes of one grade, split between courses so that the busiest
 *   teacher is as little busy as can be: with 80 teachers and 1,920 lessons that is 24–27 periods a week (a school
 *   this size with 80 teachers is thinly staffed: 24 is the average). HALF_DAY_OFF of them, among those with room to
 *   spare, cannot teach one half-day (a morning or an afternoon).
 * - Optionally teaching classes: each drawn from 2–3 classes of a grade (sharing their students, so never at the same
 *   time as them), 2 periods a week of an elective taught by a teacher of that course, in spare ordinary rooms
 *   (nobody's home room) added for them.
 *
 * The default instance passes `precheck`, and the scheduler places every lesson of it.
 */
export interface SchoolOptions {
  seed?: number;
  classes?: number;
  teachers?: number;
  /** Rooms in all: the home rooms, the special rooms, and the rest spare ordinary rooms. Too few for the first two is an error. */
  rooms?: number;
  days?: number;
  morning?: number;
  afternoon?: number;
  /** Share of teachers with a half-day off (0–1). */
  halfDayOff?: number;
  /** Teaching classes drawn from the classes (each sharing students with 2–3 of them). */
  teachingClasses?: number;
  /** Classes are split into this many grades (a teacher's classes are in one grade). */
  grades?: number;
}

export const DEFAULT_SCHOOL = { classes: 60, teachers: 80, rooms: 70, days: 5, morning: 4, afternoon: 4 } as const;

export interface GeneratedCourse {
  id: string;
  label: string;
  periods: number;
  roomType: string | null;
  main: boolean;
}

/** The ten courses, and each class's weekly periods of them (32 of 40). */
export const COURSES: readonly GeneratedCourse[] = [
  { id: 'chinese', label: 'Chinese', periods: 6, roomType: null, main: true },
  { id: 'maths', label: 'Maths', periods: 6, roomType: null, main: true },
  { id: 'english', label: 'English', periods: 5, roomType: null, main: true },
  { id: 'physics', label: 'Physics', periods: 4, roomType: null, main: false },
  { id: 'chemistry', label: 'Chemistry', periods: 3, roomType: null, main: false },
  { id: 'biology', label: 'Biology', periods: 3, roomType: null, main: false },
  { id: 'it', label: 'IT', periods: 1, roomType: 'computer', main: false },
  { id: 'pe', label: 'PE', periods: 2, roomType: 'gym', main: false },
  { id: 'music', label: 'Music', periods: 1, roomType: 'music', main: false },
  { id: 'art', label: 'Art', periods: 1, roomType: 'art', main: false },
];

/** Special rooms are added until their type's lessons fill at most this share of the rooms' slots. */
const SPECIAL_ROOM_USE = 0.75;
/** Spare ordinary rooms for teaching classes: their lessons fill at most this share of the rooms' slots. */
const SPARE_ROOM_USE = 0.5;
const HALF_DAY_OFF = 0.2;
/** A teacher gets a half-day off only if their lessons then fill at most this share of their available slots. */
const MAX_USE_WITH_DAY_OFF = 0.8;
const CLASS_SIZE = { min: 40, max: 50 } as const;
/** Seats of the first special room of a type (every class fits), and the range of the others. */
const BIG_ROOM_SEATS = 56;
const OTHER_ROOM_SEATS = { min: 46, max: 56 } as const;
const ELECTIVE_PERIODS = 2;
const ELECTIVE_COURSES = ['physics', 'chemistry', 'biology'] as const;

export function generateSchool(options: SchoolOptions = {}): ScheduleProblem {
  const random = mulberry32(options.seed ?? 1);
  const between = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
  const classCount = options.classes ?? DEFAULT_SCHOOL.classes;
  const teacherCount = options.teachers ?? DEFAULT_SCHOOL.teachers;
  const days = options.days ?? DEFAULT_SCHOOL.days;
  const morning = options.morning ?? DEFAULT_SCHOOL.morning;
  const afternoon = options.afternoon ?? DEFAULT_SCHOOL.afternoon;
  const grades = Math.max(1, Math.min(options.grades ?? 3, classCount));
  const tcCount = options.teachingClasses ?? 0;
  if (teacherCount < COURSES.length) throw new RangeError(`at least ${COURSES.length} teachers (one a course)`);

  const periods: { no: number; part: DayPart }[] = [];
  for (let i = 0; i < morning + afternoon; i++) periods.push({ no: i + 1, part: i < morning ? 'morning' : 'afternoon' });
  const slots = days * periods.length;

  // Classes, each with its home room; a grade is a block of consecutive classes.
  const sections: ScheduleSection[] = [];
  const rooms: ScheduleRoom[] = [];
  const gradeOf: number[] = [];
  for (let c = 0; c < classCount; c++) {
    const grade = Math.floor((c * grades) / classCount);
    const size = between(CLASS_SIZE.min, CLASS_SIZE.max);
    gradeOf.push(grade);
    sections.push({ id: `class-${c + 1}`, label: `Grade ${10 + grade} class ${c + 1}`, size, homeRoom: rooms.length });
    rooms.push({ id: `room-${rooms.length + 1}`, label: `Classroom ${c + 1}`, type: 'ordinary', seats: Math.min(99, size + between(0, 10)) });
  }

  // Special rooms, enough of each type.
  const typeLessons = new Map<string, number>();
  for (const course of COURSES) if (course.roomType !== null) typeLessons.set(course.roomType, (typeLessons.get(course.roomType) ?? 0) + course.periods * classCount);
  for (const [type, lessons] of typeLessons) {
    const count = Math.max(1, Math.ceil(lessons / (slots * SPECIAL_ROOM_USE)));
    for (let i = 0; i < count; i++) {
      rooms.push({ id: `room-${rooms.length + 1}`, label: `${type} room ${i + 1}`, type, seats: i === 0 ? BIG_ROOM_SEATS : between(OTHER_ROOM_SEATS.min, OTHER_ROOM_SEATS.max) });
    }
  }

  // Teachers per course: one each, then each next one to the course whose busiest teacher is busiest.
  const perCourse = COURSES.map(() => 1);
  const busiest = (k: number): number => Math.ceil(classCount / perCourse[k]!) * COURSES[k]!.periods;
  for (let t = COURSES.length; t < teacherCount; t++) {
    let pick = 0;
    for (let k = 1; k < COURSES.length; k++) if (busiest(k) > busiest(pick)) pick = k;
    perCourse[pick]!++;
  }
  const teachers: ScheduleTeacher[] = [];
  const teacherCourse: number[] = [];
  const teacherLoad: number[] = [];
  const demands: ScheduleDemand[] = [];
  const classTeacher: number[][] = sections.map(() => []);
  COURSES.forEach((course, k) => {
    const count = perCourse[k]!;
    const first = teachers.length;
    for (let j = 0; j < count; j++) {
      teachers.push({ id: `teacher-${teachers.length + 1}`, label: `${course.label} teacher ${j + 1}`, unavailable: [] });
      teacherCourse.push(k);
      teacherLoad.push(0);
    }
    // Consecutive blocks of classes, as even as can be: a teacher's classes are neighbours (mostly one grade).
    for (let c = 0; c < classCount; c++) {
      const t = first + Math.floor((c * count) / classCount);
      classTeacher[c]![k] = t;
      teacherLoad[t] = teacherLoad[t]! + course.periods;
    }
  });
  sections.forEach((_, c) => {
    COURSES.forEach((course, k) => {
      demands.push({
        id: `demand-${demands.length + 1}`,
        section: c,
        course: course.id,
        courseLabel: course.label,
        teacher: classTeacher[c]![k]!,
        periods: course.periods,
        roomType: course.roomType,
        main: course.main,
      });
    });
  });

  // Teaching classes: an elective for students of 2–3 classes of a grade, in spare rooms.
  const sharing: [number, number][] = [];
  if (tcCount > 0) {
    const spare = Math.max(1, Math.ceil((tcCount * ELECTIVE_PERIODS) / (slots * SPARE_ROOM_USE)));
    for (let i = 0; i < spare; i++) rooms.push({ id: `room-${rooms.length + 1}`, label: `Spare room ${i + 1}`, type: 'ordinary', seats: 60 });
  }
  for (let i = 0; i < tcCount; i++) {
    const members = Math.min(classCount, between(2, 3));
    const grade = between(0, grades - 1);
    const inGrade = gradeOf.map((g, c) => (g === grade ? c : -1)).filter((c) => c >= 0);
    const start = inGrade[between(0, Math.max(0, inGrade.length - members))] ?? 0;
    const from = inGrade.filter((c) => c >= start).slice(0, members);
    const index = sections.length;
    const size = Math.min(45, between(30, 45), from.reduce((s, c) => s + (sections[c]?.size ?? 0), 0));
    const courseId = ELECTIVE_COURSES[i % ELECTIVE_COURSES.length]!;
    const k = COURSES.findIndex((c) => c.id === courseId);
    const course = COURSES[k]!;
    sections.push({ id: `teaching-class-${i + 1}`, label: `${course.label} elective ${i + 1}`, size, homeRoom: null });
    for (const c of from) sharing.push([index, c]);
    // the least busy teacher of the course
    let teacher = -1;
    teachers.forEach((_, t) => {
      if (teacherCourse[t] === k && (teacher < 0 || teacherLoad[t]! < teacherLoad[teacher]!)) teacher = t;
    });
    teacherLoad[teacher] = teacherLoad[teacher]! + ELECTIVE_PERIODS;
    demands.push({
      id: `demand-${demands.length + 1}`,
      section: index,
      course: `${course.id}-elective`,
      courseLabel: `${course.label} (elective)`,
      teacher,
      periods: ELECTIVE_PERIODS,
      roomType: null,
      main: false,
    });
  }

  if (options.rooms !== undefined) {
    if (options.rooms < rooms.length) throw new RangeError(`${options.rooms} rooms: this school needs at least ${rooms.length}`);
    for (let i = rooms.length; i < options.rooms; i++) rooms.push({ id: `room-${i + 1}`, label: `Spare room ${i + 1}`, type: 'ordinary', seats: 60 });
  }

  // Half-days off, for teachers who would still have room to spare.
  const wanted = Math.round((options.halfDayOff ?? HALF_DAY_OFF) * teachers.length);
  const candidates = teachers.map((_, t) => t).filter((t) => teacherLoad[t]! <= MAX_USE_WITH_DAY_OFF * (slots - Math.max(morning, afternoon)));
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j]!, candidates[i]!];
  }
  for (const t of candidates.slice(0, wanted)) {
    const day = between(0, days - 1);
    const inMorning = random() < 0.5 && morning > 0;
    const off: number[] = [];
    for (let p = inMorning ? 0 : morning; p < (inMorning ? morning : morning + afternoon); p++) off.push(day * periods.length + p);
    teachers[t] = { ...teachers[t]!, unavailable: off };
  }

  return { days, periods, sections, sharing, teachers, rooms, demands };
}

/** A small problem written by hand (the tests'): ids, labels and the usual values filled in. */
export interface ProblemSketch {
  days: number;
  /** The day's periods by part, one letter each: 'm' morning, 'a' afternoon, 'e' evening ('mmaa': two and two). */
  parts: string;
  /** Sections: 40 students and no home room unless said. */
  sections: { size?: number; homeRoom?: number | null }[];
  sharing?: [number, number][];
  /** Teachers: how many, or each with their unavailable slots. */
  teachers: number | { unavailable?: number[] }[];
  /** Rooms: ordinary with 50 seats unless said. */
  rooms: { type?: string; seats?: number }[];
  /** Demands: no room type and not a main subject unless said. */
  demands: { section: number; teacher: number; periods: number; roomType?: string | null; main?: boolean }[];
}

const PART_OF_LETTER: Record<string, DayPart> = { m: 'morning', a: 'afternoon', e: 'evening' };

export function sketchProblem(sketch: ProblemSketch): ScheduleProblem {
  const teachers: { unavailable?: number[] }[] = typeof sketch.teachers === 'number' ? Array.from({ length: sketch.teachers }, () => ({})) : sketch.teachers;
  return {
    days: sketch.days,
    periods: [...sketch.parts].map((letter, i) => ({ no: i + 1, part: PART_OF_LETTER[letter] ?? 'morning' })),
    sections: sketch.sections.map((s, i) => ({ id: `s${i}`, label: `section ${i}`, size: s.size ?? 40, homeRoom: s.homeRoom ?? null })),
    sharing: sketch.sharing ?? [],
    teachers: teachers.map((t, i) => ({ id: `t${i}`, label: `teacher ${i}`, unavailable: t.unavailable ?? [] })),
    rooms: sketch.rooms.map((r, i) => ({ id: `r${i}`, label: `room ${i}`, type: r.type ?? 'ordinary', seats: r.seats ?? 50 })),
    demands: sketch.demands.map((d, i) => ({
      id: `d${i}`,
      section: d.section,
      course: `c${i}`,
      courseLabel: `course ${i}`,
      teacher: d.teacher,
      periods: d.periods,
      roomType: d.roomType ?? null,
      main: d.main ?? false,
    })),
  };
}

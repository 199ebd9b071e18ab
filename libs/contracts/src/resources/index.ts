import { buildings } from './buildings.resource.js';
import { campuses } from './campuses.resource.js';
import { classes } from './classes.resource.js';
import { classrooms } from './classrooms.resource.js';
import { courses } from './courses.resource.js';
import { enrollmentBatches } from './enrollment-batches.resource.js';
import { majors } from './majors.resource.js';
import { researchGroups } from './research-groups.resource.js';
import type { ResourceDef } from './resource-kit.js';
import { nameTable } from '../name-table.js';
import { schoolYears } from './school-years.resource.js';
import { semesters } from './semesters.resource.js';
import { staff } from './staff.resource.js';
import { students } from './students.resource.js';
import { teachingClasses } from './teaching-classes.resource.js';
import { examNodes } from './exam-nodes.resource.js';
import { scoreItems } from './score-items.resource.js';
import { gradeScales } from './grade-scales.resource.js';
import { conversionRules } from './conversion-rules.resource.js';
import { gradeBatches } from './grade-batches.resource.js';
import { lessonPeriods } from './lesson-periods.resource.js';
import { weeklyPeriods } from './weekly-periods.resource.js';
import { teachingAssignments } from './teaching-assignments.resource.js';
import { unavailablePeriods } from './unavailable-periods.resource.js';
import { awards, contests } from './awards.resource.js';
import { repairTypes } from './repair-types.resource.js';
import { dormitoryBuildings, dormitoryRooms } from './dormitories.resource.js';
import { healthConditions, healthInsurance, healthVisits, physicalExams } from './health.resource.js';
import { organisations } from './organisations.resource.js';
import { dailySchedules } from './daily-schedules.resource.js';
import { vehicles } from './vehicles.resource.js';

export * from './resource-kit.js';
export * from './patterns.js';
export * from './resource-api.js';
export { CLASSROOM_TYPES } from './classrooms.resource.js';
export { COURSE_ASSESSMENTS, COURSE_CATEGORIES, COURSE_TYPES } from './courses.resource.js';
export { GRADES, CLASS_USAGE } from './classes.resource.js';
export { BOARDING, GENDERS, GUARDIAN_RELATIONSHIPS, ID_TYPES, STUDENT_STATUSES } from './students.resource.js';
export { CLOCK_TIME } from './lesson-periods.resource.js';
export { DAILY_SCHEDULE_PAGE, SCHEDULE_ITEM_KINDS, SCHEDULE_SEASONS } from './daily-schedules.resource.js';
export { CONTRACT_WARNING_DAYS, contractState, EMPLOYMENT_KINDS, type EmploymentKind, NON_ESTABLISHMENT_STAFF_PAGE } from './staff.resource.js';
export { WEEKDAY_VALUES } from './unavailable-periods.resource.js';
export { REPAIRS_BASE } from './repair-types.resource.js';
export { DORMITORIES_BASE, DORMITORY_EDIT_PERMISSION, DORMITORY_READ_PERMISSION, ROOM_BEDS_MAX } from './dormitories.resource.js';
export { ALERT_RISKS, HEALTH_BASE, HEALTH_MANAGE, HEALTH_TEXT_MAX, RISK_LEVELS, type RiskLevel, VISIT_OUTCOMES } from './health.resource.js';
export { ORGANISATION_KINDS, ORGANISATIONS_BASE, ORGANISATIONS_MANAGE, type OrganisationKind } from './organisations.resource.js';
export { ABOVE_SCHOOL_LEVELS, AWARD_IMAGE_RULES, AWARD_KINDS, AWARD_LEVELS, AWARD_RECIPIENTS, AWARD_STATES, AWARDS_BASE, type AwardLevel } from './awards.resource.js';

/**
 * The one registry of base-data resources (docs/product/base-data.md) and grade settings (docs/product/grades.md#settings), in menu order. A path names a
 * resource (`/academic/options/{source}`), so it is a name table (contests before awards: `/api/awards/contests` is
 * routed before `/api/awards/:id`): `RESOURCES['constructor']` is undefined.
 */
export const RESOURCES: Readonly<Record<string, ResourceDef>> = nameTable(
  [campuses, buildings, classrooms, schoolYears, semesters, majors, courses, classes, teachingClasses, researchGroups, students, staff, enrollmentBatches, examNodes, gradeScales, conversionRules, gradeBatches, scoreItems, lessonPeriods, dailySchedules, weeklyPeriods, teachingAssignments, unavailablePeriods, contests, awards, repairTypes, dormitoryBuildings, dormitoryRooms, healthVisits, healthConditions, physicalExams, healthInsurance, organisations, vehicles].map((r): [string, ResourceDef] => [r.name, r]),
);
export type ResourceName = keyof typeof RESOURCES;

/**
 * Option sources that are not resources of the kit: teachers (sys_user ids of teacher accounts), departments
 * (the organisation tree) and roles (by code). Anyone signed in may read them; they carry names only.
 */
export const OPTION_SOURCES = ['teachers', 'departments', 'roles'] as const;

/** Menu groups (docs/product/base-data.md#menu-groups), each a parent menu; `resource.groups.<group>` its title. */
export const RESOURCE_GROUPS = {
  basic: { sort: 30, icon: 'database' },
  rooms: { sort: 31, icon: 'building outline' },
  calendar: { sort: 32, icon: 'calendar' },
  classes: { sort: 33, icon: 'users' },
  students: { sort: 34, icon: 'id card outline' },
  admission: { sort: 35, icon: 'user plus' },
  staff: { sort: 36, icon: 'id badge' },
  resources: { sort: 37, icon: 'cubes' },
  grades: { sort: 38, icon: 'chart bar outline' },
  timetable: { sort: 39, icon: 'calendar alternate outline' },
  publishing: { sort: 40, icon: 'bullhorn' },
  rewards: { sort: 41, icon: 'trophy' },
  evaluation: { sort: 42, icon: 'star outline' },
  choosing: { sort: 43, icon: 'random' },
  repairs: { sort: 44, icon: 'wrench' },
  dormitories: { sort: 45, icon: 'bed' },
  health: { sort: 46, icon: 'heartbeat' },
  organisations: { sort: 47, icon: 'users' },
} as const;

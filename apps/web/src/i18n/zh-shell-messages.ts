import type { ShellNamespace } from './namespaces.js';
import { workflow } from '@schoolflow/contracts/locales/zh/workflow.js';
import { resource } from '@schoolflow/contracts/locales/zh/resource.js';
import { grades } from '@schoolflow/contracts/locales/zh/grades.js';
import { timetable } from '@schoolflow/contracts/locales/zh/timetable.js';
import { publishing } from '@schoolflow/contracts/locales/zh/publishing.js';
import { evaluations } from '@schoolflow/contracts/locales/zh/evaluations.js';
import { letters } from '@schoolflow/contracts/locales/zh/letters.js';
import { channels } from '@schoolflow/contracts/locales/zh/channels.js';
import { classWalking } from '@schoolflow/contracts/locales/zh/class-walking.js';
import { registrations } from '@schoolflow/contracts/locales/zh/registrations.js';
import { electives } from '@schoolflow/contracts/locales/zh/electives.js';
import { feedback } from '@schoolflow/contracts/locales/zh/feedback.js';
import { attendance } from '@schoolflow/contracts/locales/zh/attendance.js';
import { workTasks } from '@schoolflow/contracts/locales/zh/work-tasks.js';
import { duty } from '@schoolflow/contracts/locales/zh/duty.js';
import { dormitories } from '@schoolflow/contracts/locales/zh/dormitories.js';
import { pages } from '@schoolflow/contracts/locales/zh/pages.js';
import { health } from '@schoolflow/contracts/locales/zh/health.js';
import { projects } from '@schoolflow/contracts/locales/zh/projects.js';
import { knowledge } from '@schoolflow/contracts/locales/zh/knowledge.js';
import { calendar } from '@schoolflow/contracts/locales/zh/calendar.js';
import { organisations } from '@schoolflow/contracts/locales/zh/organisations.js';
import { faces } from '@schoolflow/contracts/locales/zh/faces.js';
import { pictures } from '@schoolflow/contracts/locales/zh/pictures.js';
import { languages } from '@schoolflow/contracts/locales/zh/languages.js';

/**
 * The Chinese messages of every area only a session shows, in one chunk: a session loads them all at once, and one
 * request costs the browser far less than 25 (docs/adr/0084-the-shell-in-few-chunks.md).
 */
export const shellMessages: Record<ShellNamespace, object> = {
  workflow,
  resource,
  grades,
  timetable,
  publishing,
  evaluations,
  letters,
  channels,
  'class-walking': classWalking,
  registrations,
  electives,
  feedback,
  attendance,
  'work-tasks': workTasks,
  duty,
  dormitories,
  pages,
  health,
  projects,
  knowledge,
  calendar,
  organisations,
  faces,
  pictures,
  languages,
};

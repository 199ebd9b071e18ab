import type { ShellNamespace } from './namespaces.js';
import { workflow } from '@schoolflow/contracts/locales/en/workflow.js';
import { resource } from '@schoolflow/contracts/locales/en/resource.js';
import { grades } from '@schoolflow/contracts/locales/en/grades.js';
import { timetable } from '@schoolflow/contracts/locales/en/timetable.js';
import { publishing } from '@schoolflow/contracts/locales/en/publishing.js';
import { evaluations } from '@schoolflow/contracts/locales/en/evaluations.js';
import { letters } from '@schoolflow/contracts/locales/en/letters.js';
import { channels } from '@schoolflow/contracts/locales/en/channels.js';
import { classWalking } from '@schoolflow/contracts/locales/en/class-walking.js';
import { registrations } from '@schoolflow/contracts/locales/en/registrations.js';
import { electives } from '@schoolflow/contracts/locales/en/electives.js';
import { feedback } from '@schoolflow/contracts/locales/en/feedback.js';
import { attendance } from '@schoolflow/contracts/locales/en/attendance.js';
import { workTasks } from '@schoolflow/contracts/locales/en/work-tasks.js';
import { duty } from '@schoolflow/contracts/locales/en/duty.js';
import { dormitories } from '@schoolflow/contracts/locales/en/dormitories.js';
import { pages } from '@schoolflow/contracts/locales/en/pages.js';
import { health } from '@schoolflow/contracts/locales/en/health.js';
import { projects } from '@schoolflow/contracts/locales/en/projects.js';
import { knowledge } from '@schoolflow/contracts/locales/en/knowledge.js';
import { calendar } from '@schoolflow/contracts/locales/en/calendar.js';
import { organisations } from '@schoolflow/contracts/locales/en/organisations.js';
import { faces } from '@schoolflow/contracts/locales/en/faces.js';
import { pictures } from '@schoolflow/contracts/locales/en/pictures.js';
import { languages } from '@schoolflow/contracts/locales/en/languages.js';

/**
 * The English messages of every area only a session shows, in one chunk: a session loads them all at once, and one
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

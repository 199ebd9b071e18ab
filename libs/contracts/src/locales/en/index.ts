import { channels } from './channels.js';
import { documents } from './documents.js';
import { excel } from './excel.js';
import { grades } from './grades.js';
import { letters } from './letters.js';
import { messages } from './messages.js';
import { resource } from './resource.js';
import { server } from './server.js';
import { publishing } from './publishing.js';
import { consult } from './consult.js';
import { surveys } from './surveys.js';
import { evaluations } from './evaluations.js';
import { classWalking } from './class-walking.js';
import { registrations } from './registrations.js';
import { electives } from './electives.js';
import { feedback } from './feedback.js';
import { attendance } from './attendance.js';
import { workTasks } from './work-tasks.js';
import { duty } from './duty.js';
import { dormitories } from './dormitories.js';
import { pages } from './pages.js';
import { projects } from './projects.js';
import { health } from './health.js';
import { knowledge } from './knowledge.js';
import { faces } from './faces.js';
import { calendar } from './calendar.js';
import { organisations } from './organisations.js';
import { pictures } from './pictures.js';
import { languages } from './languages.js';
import { timetable } from './timetable.js';
import { validation } from './validation.js';
import { web } from './web.js';
import { workflow } from './workflow.js';

/**
 * Every namespace of one language. A module of its own so the web app loads the language it shows and no other
 * (docs/adr/0033-sign-in-page-weight.md); the server takes both through `resources`.
 */
export const en = { server, validation, web, workflow, messages, excel, documents, resource, grades, timetable, publishing, surveys, consult, evaluations, letters, channels, 'class-walking': classWalking, registrations, electives, feedback, attendance, 'work-tasks': workTasks, dormitories, pages, health, projects, knowledge, calendar, organisations, faces, pictures, languages, duty } as const;

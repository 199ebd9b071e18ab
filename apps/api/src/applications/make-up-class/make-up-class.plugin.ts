import type { BothNames } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import { makeUpClassFlow } from '@schoolflow/workflows/make-up-class/make-up-class.flow.js';
import { makeUpClassFormSchema } from '@schoolflow/workflows/make-up-class/make-up-class.form.js';
import type { MakeUpClassContext, MakeUpClassDrafted } from '@schoolflow/workflows/make-up-class/make-up-class.machine.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import type { FlowPlugin, NotificationInput, PlannedMessage, PluginDeps, StartPlan } from '../../workflow/domain/flow-plugin.js';
import { lessonChangeParts } from '../shared/lesson-change-parts.js';
import { changeHold, periodList, tellAudience } from '../shared/lesson-changes.js';
import { reviewMessages } from '../shared/review-messages.js';
import { planMakeUpClassStart, readMakeUpClassStart } from './make-up-class.start.js';

const definition = makeUpClassFlow as unknown as FlowDefinition;

/**
 * 补课 on the engine (docs/product/workflows.md#make-up-class). The start (read, then decided purely:
 * make-up-class.start.ts) checks the form against the school — the date is not past, the class and the course exist, the date is in a semester's teaching weeks and the applicant teaches that course to that class then,
 * the periods exist and the first has not begun, the room passes the timetable's one room rule, and nothing is there at
 * that time (the class's, the teacher's or the room's lessons, pending changes included, or a loan of the room) — and
 * saves the draft holding the periods and the room in its own statement. The head teacher then the office review it;
 * passed, the lessons are the date's; ended otherwise (expired too: nobody decided before the first period began), the
 * periods and the room are free again; the class's students and parents are told once, when it passes.
 */
export const createPlugin = ({ config }: PluginDeps): FlowPlugin => ({
  definition,
  hold: changeHold(definition),

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    const form = validate(makeUpClassFormSchema, body);
    const read = await readMakeUpClassStart(db, form, actor, config.timeZone);
    return planMakeUpClassStart(form, read, actor, { now: Date.now(), timeZone: config.timeZone });
  },

  subject: (context: unknown) => ((context as MakeUpClassContext).form.className as BothNames | undefined) ?? '',

  /** The kit's review messages, naming the teacher and the class (the subject is no student); when it passes, the class is told. */
  messages(input: NotificationInput): PlannedMessage[] {
    const form = (input.after.context as MakeUpClassContext).form as Partial<MakeUpClassDrafted>;
    const reviewed = reviewMessages(definition, input, { student: form.teacherName ?? '', className: form.className ?? { zh: '', en: '' } });
    const params = {
      className: form.className,
      date: form.date,
      periods: periodList(form.periods ?? []),
      course: form.courseName,
      teacher: form.teacherName,
      ...(form.classroomName ? { room: form.classroomName } : { roomKey: 'messages.roomUnset' }),
    };
    return tellAudience(definition, input, reviewed, { audience: form.audience, week: form.week, key: 'makeUpClassScheduled', params });
  },

  ...lessonChangeParts(definition),
});

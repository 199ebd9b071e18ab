import type { BothNames } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import { classSwapFlow } from '@schoolflow/workflows/class-swap/class-swap.flow.js';
import { classSwapFormSchema } from '@schoolflow/workflows/class-swap/class-swap.form.js';
import type { ClassSwapContext, ClassSwapSubmitted } from '@schoolflow/workflows/class-swap/class-swap.machine.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import type { FlowPlugin, NotificationInput, PlannedMessage, PluginDeps, StartPlan } from '../../workflow/domain/flow-plugin.js';
import { lessonChangeParts } from '../shared/lesson-change-parts.js';
import { changeHold, tellAudience } from '../shared/lesson-changes.js';
import { reviewMessages } from '../shared/review-messages.js';
import { planClassSwapStart, readClassSwapStart } from './class-swap.start.js';

const definition = classSwapFlow as unknown as FlowDefinition;

/**
 * 调课 on the engine (docs/product/workflows.md#class-swap). The start (read, then decided purely: class-swap.start.ts)
 * finds the applicant's lesson of the class at the source in the effective timetable and what is at the target:
 * nothing (the lesson moves), or another lesson (the two swap; its teacher, when it is not the applicant, consents
 * first); two different lessons, as the machine's rule has it. Neither date may be past nor either period begun. Each lesson keeps its room;
 * the applicant must be free at the target, the other teacher at the source, each room at its new time (but for the
 * room the other lesson leaves), and no loan may hold it. The swap is held in the start's own statement — the lessons
 * taken from their places and added at their new ones, pending, and their rooms booked there — so two requests for the
 * same lessons, times or rooms at once (a loan too) cannot both be held; passed, it stands; ended otherwise (expired
 * too: nobody decided before the earlier period began), it is let go. The class's students and parents are told once
 * when it passes.
 */
export const createPlugin = ({ config }: PluginDeps): FlowPlugin => ({
  definition,
  hold: changeHold(definition),

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    const form = validate(classSwapFormSchema, body);
    const read = await readClassSwapStart(db, form, config.timeZone);
    return planClassSwapStart(form, read, actor, { now: Date.now(), timeZone: config.timeZone });
  },

  subject: (context: unknown) => ((context as ClassSwapContext).form.className as BothNames | undefined) ?? '',

  /**
   * The kit's review messages, naming the teacher and the class; the other teacher's is the request to consent, with
   * both lessons; when it passes, the class is told.
   */
  messages(input: NotificationInput): PlannedMessage[] {
    const form = (input.after.context as ClassSwapContext).form as Partial<ClassSwapSubmitted>;
    const lesson = form.lesson;
    const other = form.other ?? null;
    const params = {
      className: form.className,
      fromDate: form.fromDate,
      fromPeriod: form.fromPeriod,
      toDate: form.toDate,
      toPeriod: form.toPeriod,
      course: lesson?.courseName,
      teacher: lesson?.teacherName,
      otherCourse: other?.courseName ?? '',
      otherTeacher: other?.teacherName ?? '',
    };
    const asked = definition.stateOf(input.after as never) === 'teacherConsent' && definition.stateOf(input.before as never) !== 'teacherConsent';
    const reviewed = reviewMessages(definition, input, { student: lesson?.teacherName ?? '', className: form.className ?? { zh: '', en: '' } }).map((m) =>
      asked && m.titleKey === 'messages.flowTask.title' ? { ...m, titleKey: 'messages.classSwapConsent.title', contentKey: 'messages.classSwapConsent.content', params: { ...m.params, ...params } } : m,
    );
    return tellAudience(definition, input, reviewed, { audience: form.audience, week: form.week, key: other ? 'classSwapSwapped' : 'classSwapMoved', params });
  },

  ...lessonChangeParts(definition),
});

import { RoleCode, SEMESTER_UPGRADE_PAGE } from '@schoolflow/contracts';
import { defineFlow } from '../kit/define-flow.js';
import { semesterUpgradeFormSchema } from './semester-upgrade.form.js';
import { type SemesterUpgradeContext, semesterUpgradeMachine, semesterUpgradeRules } from './semester-upgrade.machine.js';

/**
 * 学期升级, declared once. Administrators start it from its own page (not 业务申请): choose a later semester, confirm
 * twice; the job the second confirmation starts is recorded by the engine (BEGIN, COMPLETE), never by a user.
 */
export const semesterUpgradeFlow = defineFlow({
  flow: 'semester-upgrade',
  machine: semesterUpgradeMachine,
  rules: semesterUpgradeRules,
  startEvent: 'CHOOSE',
  commands: {
    CONFIRM: {
      notNow: 'workflow.notPending',
      // the server puts the current semester in as it receives the confirmation; a probe assumes it unchanged
      probe: (ctx: SemesterUpgradeContext) => ({ currentSemesterId: ctx.plan?.from?.id ?? null }),
      ui: { icon: 'check', tone: 'primary' },
    },
    WITHDRAW: { notNow: 'workflow.notPending', ui: { icon: 'undo', tone: 'basic' } },
  },
  diagram: [{ state: 'new' }, { state: 'firstConfirmation' }, { state: 'secondConfirmation' }, { state: 'running' }, { state: 'completed' }],
  // no review steps: a confirmation is any administrator's, offered on the upgrade's page, not a task in a queue
  reviewers: () => [],
  participants: (ctx) => [ctx.applicantId, ...ctx.route.admin],
  // its page has a form of its own (the semesters offered with what each would do: the `choices` view); the detail page
  // shows the plan and the run (web: semester-upgrade extras), not declared fields
  form: { schema: semesterUpgradeFormSchema, fields: [] },
  apply: { roles: [RoleCode.admin], icon: 'level up alternate', sort: 90, ownPage: SEMESTER_UPGRADE_PAGE },
  formView: (d) => ({ semesterId: (d.to as { id?: string } | undefined)?.id ?? '', from: d.from, to: d.to, newSchoolYear: d.newSchoolYear, classes: d.classes, promoted: d.promoted, graduatingClasses: d.graduatingClasses, graduating: d.graduating }),
});

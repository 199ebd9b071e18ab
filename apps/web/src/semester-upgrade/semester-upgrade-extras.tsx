import type { UpgradeResult } from '@schoolflow/workflows/semester-upgrade/semester-upgrade.machine.js';
import { useT } from '../i18n/use-t.js';
import type { FlowExtras } from '../workflow/flow-extras.types.js';
import { schoolTime } from '../workflow/flow-model.js';
import { UpgradeBar } from './upgrade-bar.js';
import { planOf, semesterName, UpgradePlanText } from './upgrade-plan.js';
import { useUpgradeProgress } from './use-upgrade-progress.js';

interface RunContext {
  startedAt?: string | null;
  finishedAt?: string | null;
  result?: UpgradeResult | null;
}

/**
 * 学期升级 on the flow kit's detail page (its history is the kit's timeline: who chose, who confirmed and when, when the
 * engine began and completed it): the semesters, what it was to do, the live bar while it runs, and what it moved.
 */
export const semesterUpgradeExtras: FlowExtras = {
  Detail: function SemesterUpgradeSection({ view, lang }) {
    const { t } = useT();
    const plan = planOf(view.context);
    const run = view.context as RunContext;
    const progress = useUpgradeProgress(view.state === 'running' ? view.id : null);
    if (!plan) return null;
    const result = run.result;
    return (
      <>
        <div>
          <dt>{t('semesterUpgrade.field.from')}</dt>
          <dd data-testid="semester-upgrade-from">{semesterName(plan.from, lang) || t('workflow.detail.none')}</dd>
        </div>
        <div>
          <dt>{t('semesterUpgrade.field.to')}</dt>
          <dd data-testid="semester-upgrade-to">{semesterName(plan.to, lang)}</dd>
        </div>
        <div>
          <dt>{t('semesterUpgrade.field.kind')}</dt>
          <dd>{plan.newSchoolYear ? t('semesterUpgrade.newYear') : t('semesterUpgrade.sameYear')}</dd>
        </div>
        <div className="full">
          <dt>{t('semesterUpgrade.field.plan')}</dt>
          <dd>
            <UpgradePlanText plan={plan} irreversible testId="semester-upgrade-plan" />
          </dd>
        </div>
        {run.startedAt ? (
          <div>
            <dt>{t('semesterUpgrade.field.startedAt')}</dt>
            <dd data-testid="semester-upgrade-started">{schoolTime(run.startedAt)}</dd>
          </div>
        ) : null}
        {run.finishedAt ? (
          <div>
            <dt>{t('semesterUpgrade.field.finishedAt')}</dt>
            <dd data-testid="semester-upgrade-finished">{schoolTime(run.finishedAt)}</dd>
          </div>
        ) : null}
        {progress && view.state === 'running' ? (
          <div className="full">
            <dt>{t('semesterUpgrade.running')}</dt>
            <dd>
              <UpgradeBar progress={progress} to={semesterName(plan.to, lang)} />
            </dd>
          </div>
        ) : null}
        {result ? (
          <div className="full">
            <dt>{t('semesterUpgrade.field.moved')}</dt>
            <dd data-testid="semester-upgrade-moved">{t('semesterUpgrade.movedValue', { classes: result.classes, promoted: result.promoted, graduatedClasses: result.graduatedClasses, graduated: result.graduated })}</dd>
          </div>
        ) : null}
      </>
    );
  },
  subject: (form, lang) => {
    const to = (form.to as { name?: { zh: string; en: string } } | undefined)?.name;
    return { kind: to ? (lang === 'en' ? to.en : to.zh) : undefined };
  },
};

import type { Language } from '@schoolflow/contracts';
import type { UpgradePlan } from '@schoolflow/workflows/semester-upgrade/semester-upgrade.machine.js';
import { useT } from '../i18n/use-t.js';
import './semester-upgrade.css';

/** A recorded plan read from an instance's context (the start event's), or null when it has none yet. */
export function planOf(context: Readonly<Record<string, unknown>> | undefined): UpgradePlan | null {
  const plan = context?.plan;
  return typeof plan === 'object' && plan !== null && typeof (plan as { to?: unknown }).to === 'object' ? (plan as UpgradePlan) : null;
}

/** A semester's name in the reader's language (its Chinese one when it has no English one). */
export const semesterName = (s: { name: { zh: string; en: string } } | null | undefined, lang: Language): string => (s ? (lang === 'en' && s.name.en ? s.name.en : s.name.zh) : '');

/**
 * What an upgrade will do, as both confirmations name it: the current semester becomes X; in a new school year N
 * classes move up a grade and M students graduate; the old semester's teaching classes close; it cannot be undone.
 */
export function UpgradePlanText({ plan, irreversible = false, testId = 'upgrade-plan' }: { plan: UpgradePlan; irreversible?: boolean; testId?: string }) {
  const { t, lang } = useT();
  const from = semesterName(plan.from, lang);
  const to = semesterName(plan.to, lang);
  const main = !plan.from
    ? t('semesterUpgrade.plan.first', { to })
    : plan.newSchoolYear
      ? t('semesterUpgrade.plan.newYear', { from, to, promoted: plan.promoted, graduatingClasses: plan.graduatingClasses, graduating: plan.graduating })
      : t('semesterUpgrade.plan.sameYear', { from, to });
  return (
    <div className="sf-upgrade-plan" data-testid={testId} data-new-year={plan.newSchoolYear ? '1' : '0'} data-promoted={plan.promoted} data-graduating={plan.graduating}>
      <p data-testid={`${testId}-main`}>{main}</p>
      {plan.from ? <p>{t('semesterUpgrade.plan.teaching', { from })}</p> : null}
      {irreversible ? <p className="sf-upgrade-irreversible">{t('semesterUpgrade.plan.irreversible')}</p> : null}
    </div>
  );
}

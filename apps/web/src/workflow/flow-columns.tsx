import type { Language, WorkflowListItem } from '@schoolflow/contracts';
import { FLOWS, flowOf } from '@schoolflow/workflows';
import type { Column } from '../components/list-page.js';
import { useT, type Translator } from '../i18n/use-t.js';
import { optionLabel } from './declared-fields.js';
import { extrasOf } from './flow-extras.js';
import { schoolTime } from './flow-model.js';
import { flowLabel } from './labels.js';

/** A request's kind within its flow (leave: personal or sick): its form's first choice, as the flow labels it. */
export function kindLabel(flow: string, form: Record<string, unknown>, lang: Language): string | null {
  const fields = flowOf(flow)?.form.fields ?? [];
  // a choice of the flow's own (leave's type, a status change's kind) before one the server gives (a classroom)
  const field = fields.find((f) => f.kind === 'select' && !f.source) ?? fields.find((f) => f.kind === 'select');
  const value = field ? form[field.name] : undefined;
  if (!field || typeof value !== 'string') return null;
  return field.source ? value : optionLabel(flow, field.name, value, lang);
}

/** A request's kind, or what its flow says of it when its form has no choice (a grade sheet's course). */
function kindText(flow: string, form: Record<string, unknown>, lang: Language): string | null {
  return kindLabel(flow, form, lang) ?? extrasOf(flow).subject?.(form, lang).kind ?? null;
}

function kindOf(flow: string, form: Record<string, unknown>, lang: Language) {
  const kind = kindText(flow, form, lang);
  return kind ? <span className="sf-sub"> · {kind}</span> : null;
}

/** One line saying what a request is: its flow, its class, its kind, its days — each when it has one. */
export function requestSummary(flow: string, form: Record<string, unknown>, lang: Language, t: ReturnType<typeof useT>['t']): string {
  const days = typeof form.durationDays === 'number' ? t('leave.daysValue', { days: form.durationDays }) : null;
  // a request about a class (a grade sheet's confirmation) names it: two sheets of one teacher read alike otherwise
  const className = extrasOf(flow).subject?.(form, lang).className ?? null;
  return [flowLabel(flow, lang), className, kindText(flow, form, lang), days].filter((p): p is string => p !== null && p !== '').join(' · ');
}

/**
 * The columns every list of requests shows alike: the student (or the applicant) and the class, the flow and its
 * kind, the period (when it has one), the days.
 */
export function requestColumns<T extends WorkflowListItem>(t: Translator['t'], lang: Language): Column<T>[] {
  return [
    {
      title: t('leave.student'),
      cell: (row) => (
        <>
          <div className="sf-strong">{row.student?.name ?? row.applicant.name}</div>
          <div className="sf-sub">{row.student?.studentNo ?? ''}</div>
        </>
      ),
    },
    { title: t('leave.className'), cell: (row) => row.student?.className ?? extrasOf(row.flow).subject?.(row.form, lang).className ?? '' },
    {
      title: t('tasks.flow'),
      props: { singleLine: true },
      cell: ({ flow, form }) => (
        <>
          {flowLabel(flow, lang)}
          {kindOf(flow, form, lang)}
        </>
      ),
    },
    {
      title: t('workflow.period'),
      props: { className: 'sf-cell-period' },
      cell: ({ form }) => (typeof form.start === 'string' && typeof form.end === 'string' ? t('leave.periodValue', { start: schoolTime(form.start), end: schoolTime(form.end) }) : '—'),
    },
    { title: t('leave.days'), narrow: true, props: { singleLine: true }, cell: ({ form }) => (typeof form.durationDays === 'number' ? t('leave.daysValue', { days: form.durationDays }) : '—') },
  ];
}

/** Every flow of the registry to choose from, or all (`''`). */
export function FlowKindSelect({ value, onChange, testId }: { value: string; onChange: (flow: string) => void; testId: string }) {
  const { t, lang } = useT();
  return (
    <select className="ui dropdown sf-flow-filter" value={value} aria-label={t('tasks.flow')} data-testid={testId} onChange={(e) => onChange(e.target.value)}>
      <option value="">{t('tasks.allFlows')}</option>
      {Object.keys(FLOWS).map((f) => (
        <option key={f} value={f}>
          {flowLabel(f, lang)}
        </option>
      ))}
    </select>
  );
}

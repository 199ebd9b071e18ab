import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Button, Icon, Label, Message, Segment, type SemanticCOLORS } from 'semantic-ui-react';
import type { WorkflowListItem } from '@schoolflow/contracts';
import type { UpgradePlan, UpgradeResult } from '@schoolflow/workflows/semester-upgrade/semester-upgrade.machine.js';
import type { UpgradeProgress } from '@schoolflow/workflows/semester-upgrade/semester-upgrade.views.js';
import { reportError } from '../api/http.js';
import { realtime } from '../realtime/realtime-client.js';
import { asPage } from '../api/workflow-api.js';
import { EmptyState } from '../components/empty-state.js';
import { CardHead, ListCard, RefreshButton, type Column } from '../components/list-page.js';
import { useViewPaging } from '../components/pager.js';
import { useT } from '../i18n/use-t.js';
import type { ViewProps } from '../router/view-props.js';
import { toast } from '../util/toast.js';
import { useDialogTarget } from '../util/use-disclosure.js';
import { schoolTime } from '../workflow/flow-model.js';
import { detailPath, stateLabel } from '../workflow/labels.js';
import { workflowKeys } from '../workflow/workflow-keys.js';
import { UpgradeBar } from './upgrade-bar.js';
import { UpgradeConfirmDialog } from './upgrade-confirm-dialog.js';
import { UPGRADE_FLOW, upgradeKeys } from './upgrade-client.js';
import { planOf, semesterName, UpgradePlanText } from './upgrade-plan.js';
import { useStartUpgrade } from './use-start-upgrade.js';
import { useUpgradeChoices } from './use-upgrade-choices.js';
import { useUpgradeHistory } from './use-upgrade-history.js';
import { useUpgradeInstance } from './use-upgrade-instance.js';
import { useUpgradeProgress } from './use-upgrade-progress.js';

const PENDING = ['firstConfirmation', 'secondConfirmation'];
const STATE_COLORS: Readonly<Record<string, SemanticCOLORS>> = { firstConfirmation: 'orange', secondConfirmation: 'orange', running: 'blue', completed: 'green', withdrawn: 'brown' };

/**
 * 学期升级 (academic/semester-upgrade, administrators; issue 11): choose a semester later than the current one — each
 * offered with what it would do — then two confirmations naming it, then the job's live bar (every administrator with
 * the page open sees the same one); below, every upgrade with its result, each opening its history (the flow kit's
 * detail page). An upgrade waiting for its confirmations holds the school's one at a time: any administrator may go
 * on with it or cancel it here.
 */
export default function SemesterUpgradeView({ active }: ViewProps) {
  const { t, lang } = useT();
  const choices = useUpgradeChoices(active);
  const start = useStartUpgrade();
  const [chosen, setChosen] = useState('');
  const { target: confirming, open: openConfirm, close: closeConfirm } = useDialogTarget<string>();
  // the run shown by the bar: the one running now, kept after it completes so its end is seen (`lock`: the running
  // lock it was last taken from, so a lock is taken once, and a push of a newer run wins until the lock is read again)
  const [follow, setFollow] = useState<{ lock: string | null; run: string | null }>({ lock: null, run: null });
  const watched = follow.run;
  const page = useViewPaging(10);
  const history = useUpgradeHistory(page.current, page.size, active);
  const instance = useUpgradeInstance(confirming);

  const data = choices.data;
  const lock = data?.active ?? null;
  const runningLock = lock?.state === 'running' ? lock.id : null;
  if (runningLock !== null && follow.lock !== runningLock) setFollow({ lock: runningLock, run: runningLock });
  // an upgrade another administrator confirmed shows its bar at its first push, and the page reads the rest again then
  // (its lock, its history), not at its next look
  const queries = useQueryClient();
  const seen = useRef(new Set<string>());
  useEffect(
    () =>
      realtime.onJobProgress((p) => {
        if ((p as Partial<UpgradeProgress>).flow !== UPGRADE_FLOW || seen.current.has(p.id)) return;
        seen.current.add(p.id);
        setFollow((f) => ({ ...f, run: p.id }));
        void queries.invalidateQueries({ queryKey: upgradeKeys.all });
        void queries.invalidateQueries({ queryKey: workflowKeys.instances(UPGRADE_FLOW) });
      }),
    [queries],
  );
  const progress = useUpgradeProgress(watched);
  // the run's target, from its recorded plan (the page's current semester follows when it is read again)
  const watchedPlan = planOf(useUpgradeInstance(watched).data?.context);
  const choice = data?.choices.find((c) => c.semester.id === chosen) ?? null;

  const begin = async () => {
    if (!choice) return;
    try {
      const { result, msg } = await start.mutateAsync(choice.semester.id);
      toast.success(msg);
      openConfirm(result.id);
    } catch (err) {
      reportError(err);
    }
  };

  const rows = asPage(history.data);
  const columns: Column<WorkflowListItem>[] = [
    { title: t('semesterUpgrade.col.to'), cell: (r) => <span className="sf-strong">{semesterName(planIn(r.form)?.to, lang)}</span> },
    { title: t('semesterUpgrade.col.from'), cell: (r) => semesterName(planIn(r.form)?.from, lang) || t('workflow.detail.none') },
    {
      title: t('semesterUpgrade.col.state'),
      narrow: true,
      props: { singleLine: true },
      cell: (r) => (
        <Label size="tiny" basic color={STATE_COLORS[r.state] ?? 'grey'} data-testid="upgrade-history-state" data-state={r.state}>
          {stateLabel(r.state, lang)}
        </Label>
      ),
    },
    { title: t('semesterUpgrade.col.applicant'), narrow: true, cell: (r) => r.applicant.name },
    { title: t('semesterUpgrade.col.createdAt'), narrow: true, props: { singleLine: true }, cell: (r) => schoolTime(r.createdAt) },
    { title: t('semesterUpgrade.col.result'), cell: (r) => <HistoryResult id={r.id} state={r.state} /> },
    {
      title: '',
      narrow: true,
      props: { singleLine: true },
      cell: (r) => (
        <Link className="ui mini basic primary button" to={detailPath(UPGRADE_FLOW, r.id)} data-testid="upgrade-history-open">
          <Icon name="history" /> {t('semesterUpgrade.detail')}
        </Link>
      ),
    },
  ];

  return (
    <div className="sf-page sf-semester-upgrade" data-testid="semester-upgrade" data-lock={lock?.state ?? ''}>
      <Segment className="sf-card" loading={choices.isLoading}>
        <CardHead icon="level up alternate" title={t('semesterUpgrade.title')} tools={<RefreshButton testId="upgrade-refresh" onClick={() => void choices.refetch()} />} />
        <p className="sf-hint">{t('semesterUpgrade.intro')}</p>
        <dl className="sf-fields">
          <div>
            <dt>{t('semesterUpgrade.current')}</dt>
            <dd data-testid="upgrade-current">{data?.current ? semesterName(data.current, lang) : t('semesterUpgrade.noCurrent')}</dd>
          </div>
        </dl>

        {lock && PENDING.includes(lock.state) ? (
          <Message warning data-testid="upgrade-pending">
            <Message.Content>
              <span>{t('semesterUpgrade.pending', { state: stateLabel(lock.state, lang) })}</span>{' '}
              <Button size="small" primary onClick={() => openConfirm(lock.id)} data-testid="upgrade-continue">
                {t('semesterUpgrade.continue')}
              </Button>
              <Link to={detailPath(UPGRADE_FLOW, lock.id)}>{t('semesterUpgrade.detail')}</Link>
            </Message.Content>
          </Message>
        ) : null}

        {watched && progress ? <UpgradeBar progress={progress} to={semesterName(watchedPlan?.to, lang)} /> : null}

        {!lock ? (
          data && data.choices.length === 0 ? (
            <EmptyState icon="calendar outline" text={t('semesterUpgrade.noChoice')} testId="upgrade-no-choice" />
          ) : (
            <div className="sf-upgrade-choose">
              <label htmlFor="upgrade-semester">{t('semesterUpgrade.choose')}</label>
              <select id="upgrade-semester" className="ui dropdown" value={chosen} data-testid="upgrade-semester" onChange={(e) => setChosen(e.target.value)}>
                <option value="">{t('semesterUpgrade.choosePlaceholder')}</option>
                {(data?.choices ?? []).map((c) => (
                  <option key={c.semester.id} value={c.semester.id}>
                    {semesterName(c.semester, lang)} · {c.plan.newSchoolYear ? t('semesterUpgrade.newYear') : t('semesterUpgrade.sameYear')}
                  </option>
                ))}
              </select>
              {choice ? (
                <Label basic color={choice.plan.newSchoolYear ? 'orange' : 'blue'} data-testid="upgrade-kind">
                  {choice.plan.newSchoolYear ? t('semesterUpgrade.newYear') : t('semesterUpgrade.sameYear')}
                </Label>
              ) : null}
              <Button primary disabled={!choice || start.isPending} loading={start.isPending} onClick={() => void begin()} data-testid="upgrade-start">
                <Icon name="level up alternate" /> {t('semesterUpgrade.start')}
              </Button>
            </div>
          )
        ) : null}
        {!lock && choice ? <UpgradePlanText plan={choice.plan} irreversible testId="upgrade-preview" /> : null}
      </Segment>

      <ListCard
        testId="upgrade-history"
        icon="history"
        title={t('semesterUpgrade.history')}
        list={{ page: rows, loading: history.isFetching, reload: () => void history.refetch(), current: page.current, size: page.size, setCurrent: page.setCurrent, setSize: page.setSize }}
        columns={columns}
        emptyText={t('semesterUpgrade.historyEmpty')}
        emptyIcon="history"
      />

      <UpgradeConfirmDialog view={confirming && instance.data?.id === confirming ? instance.data : null} onClose={closeConfirm} />
    </div>
  );
}

/** A row's plan, from its form (the plan its start recorded). */
function planIn(form: Readonly<Record<string, unknown>>): UpgradePlan | null {
  return typeof form.to === 'object' && form.to !== null ? (form as unknown as UpgradePlan) : null;
}

/** A completed upgrade's counts (its context, read with the instance); the others show their state only. */
function HistoryResult({ id, state }: { id: string; state: string }) {
  const { t } = useT();
  const view = useUpgradeInstance(state === 'completed' ? id : null);
  const result = (view.data?.context as { result?: UpgradeResult | null } | undefined)?.result;
  if (!result) return null;
  return <span data-testid="upgrade-history-result">{t('semesterUpgrade.result', { promoted: result.promoted, graduated: result.graduated })}</span>;
}

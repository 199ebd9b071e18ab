import { DUTY_MANAGE_PERMISSION, DUTY_SWAP_FLOW, type DutyAssignment, type DutyRosterDetail } from '@schoolflow/contracts';
import { flowOf } from '@schoolflow/workflows';
import { Link } from 'react-router-dom';
import { Button, Label, Message, Segment, Table } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { PageLoader } from '../components/page-loader.js';
import { textParam, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { useReadySession } from '../session/session-store.js';
import { exportRows } from '../util/export-xlsx.js';
import { toast } from '../util/toast.js';
import { useDialogTarget, useDisclosure } from '../util/use-disclosure.js';
import { FlowForm } from '../workflow/flow-form.js';
import { detailPath, stateLabel } from '../workflow/labels.js';
import { useFlowList } from '../workflow/use-flow-list.js';
import { GenerateForm, RosterForm } from './roster-forms.js';
import { useDutyRoster, useDutyRosters, useDutyStaff, useMyDuties } from './use-duty-queries.js';
import { useDutyT } from './use-duty-t.js';
import { usePublishRoster } from './use-publish-roster.js';
import { useSetSlot } from './use-set-slot.js';
import { listOf } from '../i18n/punctuation.js';
import './duty-rosters.css';

/** Whether the signed-in user keeps the rosters (`duty:manage`). */
function useManages(): boolean {
  return useReadySession()?.info.permission.includes(DUTY_MANAGE_PERMISSION) === true;
}

/** My duties from today on: post, day and time; one under a swap's review is marked. */
function MyDuties({ rows, onSwap }: { rows: readonly DutyAssignment[]; onSwap?: (a: DutyAssignment) => void }) {
  const { d, lang } = useDutyT();
  if (rows.length === 0) return <Message info size="small" content={d('hints.noDuties')} data-testid="duty-mine-empty" />;
  return (
    <div className="sf-duty-cards" data-testid="duty-mine">
      {rows.map((a) => (
        <Segment key={a.id} className="sf-duty-card" data-testid={`duty-mine-${a.id}`}>
          <div className="sf-duty-head">
            <span className="sf-strong">{a.post[lang]}</span>
            {a.swapInstanceId ? (
              <Link to={detailPath(DUTY_SWAP_FLOW, a.swapInstanceId)}>
                <Label size="mini" color="orange" content={d('hints.swapPending')} />
              </Link>
            ) : null}
          </div>
          <div className="sf-sub">
            {a.startsAt} – {a.endsAt.slice(11)} · {a.rosterTitle}
          </div>
          {onSwap && !a.swapInstanceId ? <Button size="mini" basic icon="exchange" content={d('actions.swap')} onClick={() => onSwap(a)} data-testid={`duty-swap-${a.id}`} /> : null}
        </Segment>
      ))}
    </div>
  );
}

/** One slot of a draft by hand: the staff to choose from, or none (the slot emptied). */
function SlotSelect({ roster, postId, date, teacherId }: { roster: DutyRosterDetail; postId: string; date: string; teacherId: string | null }) {
  const { d } = useDutyT();
  const staff = useDutyStaff(true);
  const setSlot = useSetSlot();
  const change = async (value: string) => {
    try {
      toast.success((await setSlot.mutateAsync({ id: roster.id, body: { postId, date, teacherId: value === '' ? undefined : value } })).msg);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <select className="ui mini dropdown" value={teacherId ?? ''} aria-label={d('fields.teacher')} disabled={setSlot.isPending} data-testid={`duty-slot-${date}-${postId}`} onChange={(e) => void change(e.target.value)}>
      <option value="">{d('hints.empty')}</option>
      {(staff.data ?? []).map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
    </select>
  );
}

/** A roster as a grid: its duty days down, its posts across, each cell the teacher on duty (chosen by hand in a draft one manages). */
function RosterGrid({ roster, editable }: { roster: DutyRosterDetail; editable: boolean }) {
  const { d, lang } = useDutyT();
  const at = new Map(roster.assignments.map((a) => [`${a.date}|${a.postId}`, a]));
  const posts = editable ? roster.posts : roster.posts.filter((p) => roster.assignments.some((a) => a.postId === p.id));
  const exportIt = () =>
    void exportRows(
      roster.title,
      [{ key: 'date', title: d('fields.date') }, ...posts.map((p) => ({ key: p.id, title: `${p.name[lang]} ${p.start}–${p.end}` }))],
      roster.days.map((day) => ({ date: day, ...Object.fromEntries(posts.map((p) => [p.id, at.get(`${day}|${p.id}`)?.teacherName ?? ''])) })),
    );
  return (
    <div data-testid="duty-grid">
      {roster.skipped.length > 0 ? <Message size="small" content={d('hints.skipped', { days: listOf(roster.skipped.map((s) => `${s.date} ${s.name}`)) })} data-testid="duty-skipped" /> : null}
      <Table compact celled unstackable>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>{d('fields.date')}</Table.HeaderCell>
            {posts.map((p) => (
              <Table.HeaderCell key={p.id}>
                {p.name[lang]}
                <div className="sf-sub">
                  {p.start}–{p.end}
                </div>
              </Table.HeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {roster.days.map((day) => (
            <Table.Row key={day} data-testid={`duty-day-${day}`}>
              <Table.Cell>{day}</Table.Cell>
              {posts.map((p) => {
                const a = at.get(`${day}|${p.id}`);
                return (
                  <Table.Cell key={p.id} data-testid={`duty-cell-${day}-${p.id}`} warning={Boolean(a?.swapInstanceId)}>
                    {editable ? <SlotSelect roster={roster} postId={p.id} date={day} teacherId={a?.teacherId ?? null} /> : (a?.teacherName ?? d('hints.empty'))}
                  </Table.Cell>
                );
              })}
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      {posts.length > 0 ? <Button size="mini" basic icon="file excel outline" content={d('actions.export')} onClick={exportIt} data-testid="duty-export" /> : null}
    </div>
  );
}

/** One roster: the grid; for a draft and those who manage, the rotation and publishing. */
function RosterPanel({ id, manages }: { id: string; manages: boolean }) {
  const { d } = useDutyT();
  const roster = useDutyRoster(id, true);
  const publish = usePublishRoster();
  if (roster.isPending) return <PageLoader />;
  if (roster.isError) return <Message negative content={errorMessage(roster.error)} />;
  const r = roster.data;
  const doPublish = async () => {
    try {
      toast.success((await publish.mutateAsync(r.id)).msg);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <Segment className="sf-card" data-testid="duty-roster">
      <h3>
        {r.title} <Label size="small" color={r.status === 'published' ? 'green' : 'grey'} content={d(`status.${r.status}`)} data-testid="duty-roster-status" />
      </h3>
      <div className="sf-sub">
        {r.fromDate} – {r.toDate}
      </div>
      {manages && r.status === 'draft' ? <GenerateForm rosterId={r.id} /> : null}
      <RosterGrid roster={r} editable={manages && r.status === 'draft'} />
      {manages && r.status === 'draft' ? <Button primary size="small" icon="send" content={d('actions.publish')} loading={publish.isPending} onClick={() => void doPublish()} data-testid="duty-publish" /> : null}
    </Segment>
  );
}

/**
 * 值岗安排 (`/zgzap`; docs/product/office.md#duty-rosters): my duties; the rosters (drafts too for the office) and one
 * opened as a grid of days by posts, with the fair rotation and publishing for those who manage, and an Excel export.
 */
export function DutyRostersView({ active }: ViewProps) {
  const { d } = useDutyT();
  const manages = useManages();
  const mine = useMyDuties(active);
  const rosters = useDutyRosters(active);
  // the roster opened below the list (`?roster=`)
  const [open, setOpen] = useViewParam('roster', '', textParam);
  const creating = useDisclosure();
  return (
    <div className="sf-page sf-duty" data-testid="duty-page">
      <Segment className="sf-card">
        <h3>{d('page.phone')}</h3>
        {mine.isPending ? <PageLoader /> : <MyDuties rows={mine.data ?? []} />}
      </Segment>
      <Segment className="sf-card">
        <h3>
          {d('page.title')}
          {manages ? <Button floated="right" size="mini" primary icon="plus" content={d('actions.create')} onClick={creating.open} data-testid="duty-create" /> : null}
        </h3>
        {creating.opened ? (
          <RosterForm
            onDone={(id) => {
              creating.close();
              if (id) setOpen(id);
            }}
          />
        ) : null}
        {rosters.isPending ? <PageLoader /> : null}
        {rosters.data && rosters.data.length === 0 ? <Message info size="small" content={d('hints.noRosters')} /> : null}
        {rosters.data && rosters.data.length > 0 ? (
          <Table compact selectable unstackable data-testid="duty-rosters">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{d('fields.title')}</Table.HeaderCell>
                <Table.HeaderCell>{d('fields.fromDate')}</Table.HeaderCell>
                <Table.HeaderCell>{d('fields.toDate')}</Table.HeaderCell>
                <Table.HeaderCell>{d('fields.slots')}</Table.HeaderCell>
                <Table.HeaderCell>{d('fields.status')}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rosters.data.map((r) => (
                <Table.Row key={r.id} active={open === r.id} onClick={() => setOpen(r.id)} data-testid={`duty-roster-row-${r.id}`} className="sf-clickable">
                  <Table.Cell>{r.title}</Table.Cell>
                  <Table.Cell>{r.fromDate}</Table.Cell>
                  <Table.Cell>{r.toDate}</Table.Cell>
                  <Table.Cell>{r.slots}</Table.Cell>
                  <Table.Cell>{d(`status.${r.status}`)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        ) : null}
      </Segment>
      {open ? <RosterPanel key={open} id={open} manages={manages} /> : null}
    </div>
  );
}

/**
 * 我的值岗, the phone page (`/qt_app/zgzap`): my duties in one column, each with "ask to swap" — the `duty-swap` flow's
 * form (the kit's, its choices the server's) opened with that duty — and my swap requests with their state.
 */
export function DutyPhoneView({ active }: ViewProps) {
  const { d, lang } = useDutyT();
  const mine = useMyDuties(active);
  const requests = useFlowList({ scope: 'mine', flow: DUTY_SWAP_FLOW, current: 1, size: 20 }, active);
  const { target: swapping, open: openSwap, close: closeSwap } = useDialogTarget<DutyAssignment>();
  const def = flowOf(DUTY_SWAP_FLOW);
  return (
    <div className="sf-phone sf-duty-phone" data-testid="duty-phone">
      <h3>{d('page.phone')}</h3>
      <div className="sf-sub">{d('hints.swapHint')}</div>
      {mine.isPending ? <PageLoader /> : <MyDuties rows={mine.data ?? []} onSwap={openSwap} />}
      {swapping && def ? (
        <Segment data-testid="duty-swap-panel">
          <FlowForm key={swapping.id} def={def} initial={{ assignmentId: swapping.id }} />
          <Button size="mini" content={d('actions.cancel')} onClick={closeSwap} />
        </Segment>
      ) : null}
      {requests.page.list.length > 0 ? (
        <ul className="sf-duty-requests" data-testid="duty-requests">
          {requests.page.list.map((r) => (
            <li key={r.id} data-testid={`duty-request-${r.id}`}>
              <Link to={detailPath(DUTY_SWAP_FLOW, r.id)}>{String(r.form.assignmentId ?? '')}</Link> · {String(r.form.withTeacherId ?? '')} · <span data-testid={`duty-request-state-${r.id}`}>{stateLabel(r.state, lang)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

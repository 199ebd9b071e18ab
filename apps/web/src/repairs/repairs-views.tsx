import type { WorkflowListItem } from '@schoolflow/contracts';
import { flowOf } from '@schoolflow/workflows';
import { Link } from 'react-router-dom';
import { Button, Header, Label, Message, Segment, Tab, Table } from 'semantic-ui-react';
import { useT } from '../i18n/use-t.js';
import { oneOfParam, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { useDisclosure } from '../util/use-disclosure.js';
import { FlowForm } from '../workflow/flow-form.js';
import { schoolTime } from '../workflow/flow-model.js';
import { detailPath, stateLabel } from '../workflow/labels.js';
import { optionLabel } from '../workflow/declared-fields.js';
import { useFlowList } from '../workflow/use-flow-list.js';
import { useTaskQueue } from '../workflow/use-task-queue.js';

const FLOW = 'repair';
const PAGE = { current: 1, size: 50 };
const ORDER_TABS = ['todo', 'all'] as const;
const orderTab = oneOfParam(ORDER_TABS);

/** A repair as its lists show it: its type and where, how urgent, its state, who reported it and when. */
function RepairTable({ rows, loading, empty, reporter, phone }: { rows: readonly WorkflowListItem[]; loading: boolean; empty: string; reporter?: boolean; phone?: boolean }) {
  const { t, lang } = useT();
  if (!loading && rows.length === 0) return <Message info content={empty} data-testid="repair-list-empty" />;
  const urgent = (r: WorkflowListItem) =>
    r.form.urgency === 'urgent' ? (
      <Label size="mini" color="red" className="sf-repair-urgent">
        {optionLabel(FLOW, 'urgency', 'urgent', lang)}
      </Label>
    ) : null;
  // a phone's column: one card per repair, nothing to scroll sideways
  if (phone)
    return (
      <div className="sf-repair-cards" data-testid="repair-list">
        {rows.map((r) => (
          <Segment key={r.id} data-testid={`repair-row-${r.id}`}>
            <div>
              <Link to={detailPath(FLOW, r.id)} className="sf-strong">
                {String(r.form.typeId ?? '')}
              </Link>
              {urgent(r)}
              <span className="sf-repair-state">{stateLabel(r.state, lang)}</span>
            </div>
            <div className="sf-sub">{String(r.form.location ?? '')}</div>
            <div className="sf-sub">{schoolTime(r.createdAt)}</div>
          </Segment>
        ))}
      </div>
    );
  return (
    <Table compact unstackable data-testid="repair-list">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{t('repairs.col.type')}</Table.HeaderCell>
          <Table.HeaderCell>{t('repairs.col.location')}</Table.HeaderCell>
          <Table.HeaderCell>{t('repairs.col.state')}</Table.HeaderCell>
          {reporter ? <Table.HeaderCell>{t('repairs.col.reporter')}</Table.HeaderCell> : null}
          <Table.HeaderCell>{t('repairs.col.createdAt')}</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((r) => (
          <Table.Row key={r.id} data-testid={`repair-row-${r.id}`}>
            <Table.Cell>
              <Link to={detailPath(FLOW, r.id)}>{String(r.form.typeId ?? '')}</Link>
              {urgent(r)}
            </Table.Cell>
            <Table.Cell>{String(r.form.location ?? '')}</Table.Cell>
            <Table.Cell>{stateLabel(r.state, lang)}</Table.Cell>
            {reporter ? <Table.Cell>{r.applicant.name}</Table.Cell> : null}
            <Table.Cell>{schoolTime(r.createdAt)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}

/** My reports (the kit's list of my instances of the flow), newest first. */
function MyRepairs({ active, phone }: { active: boolean; phone?: boolean }) {
  const { t } = useT();
  const mine = useFlowList({ scope: 'mine', flow: FLOW, ...PAGE }, active);
  return <RepairTable rows={mine.page.list} loading={mine.loading} empty={t('repairs.request.empty')} phone={phone} />;
}

/** What waits for me (the kit's queue of the flow): to dispatch, to fix, to confirm. */
function MyOrders({ active, phone }: { active: boolean; phone?: boolean }) {
  const { t } = useT();
  const queue = useTaskQueue({ flow: FLOW, ...PAGE }, active);
  return <RepairTable rows={queue.page.list} loading={queue.loading} empty={t('repairs.orders.empty')} reporter phone={phone} />;
}

/** Every work order I may see: all of them for the office (view-all), those named to me for a worker. */
function AllOrders({ active }: { active: boolean }) {
  const { t } = useT();
  const all = useFlowList({ scope: 'all', flow: FLOW, ...PAGE }, active);
  return <RepairTable rows={all.page.list} loading={all.loading} empty={t('repairs.orders.empty')} reporter />;
}

/** The report form: the kit's form of the flow (react-hook-form with the flow's zod schema), opened on demand. */
function ReportForm() {
  const { t } = useT();
  const form = useDisclosure();
  const def = flowOf(FLOW);
  if (!def) return null;
  return form.opened ? (
    <Segment data-testid="repair-form">
      <FlowForm def={def} />
    </Segment>
  ) : (
    <Button primary icon="wrench" content={t('repairs.request.create')} onClick={form.open} data-testid="repair-create" />
  );
}

/** 报修申请 (/bxgl/bxsq, docs/product/repairs.md#pages): report a repair, and my reports. */
export function RepairRequestView({ active }: ViewProps) {
  const { t } = useT();
  return (
    <div className="sf-page" data-testid="repair-request-page">
      <Header as="h2">{t('repairs.request.title')}</Header>
      <ReportForm />
      <Header as="h3">{t('repairs.request.mine')}</Header>
      <MyRepairs active={active} />
    </div>
  );
}

/** 维修管理 (/bxgl/wxgl): what waits for me (to dispatch, to fix), and every work order I may see; each opens the kit's detail. */
export function RepairOrdersView({ active }: ViewProps) {
  const { t } = useT();
  const [shown, setShown] = useViewParam('tab', 'todo', orderTab);
  const tab = ORDER_TABS.indexOf(shown);
  const panes = [
    { menuItem: t('repairs.orders.toDo'), render: () => <MyOrders active={active && tab === 0} /> },
    { menuItem: t('repairs.orders.all'), render: () => <AllOrders active={active && tab === 1} /> },
  ];
  return (
    <div className="sf-page" data-testid="repair-orders-page">
      <Header as="h2">{t('repairs.orders.title')}</Header>
      <Tab panes={panes} activeIndex={tab} onTabChange={(_e, d) => setShown(ORDER_TABS[Number(d.activeIndex ?? 0)] ?? 'todo')} />
    </div>
  );
}

/** 报修 on a phone (/qt_app/bxgl): one column — report, my reports, my work orders. */
export function RepairMobileView({ active }: ViewProps) {
  const { t } = useT();
  return (
    <div className="sf-page sf-mobile-page" data-testid="repair-mobile-page">
      <Header as="h2">{t('repairs.mobile.title')}</Header>
      <ReportForm />
      <Header as="h3">{t('repairs.mobile.mine')}</Header>
      <MyRepairs active={active} phone />
      <Header as="h3">{t('repairs.mobile.orders')}</Header>
      <MyOrders active={active} phone />
    </div>
  );
}

import { type WorkAssignment, workTaskDetailPage, type WorkTaskSummary } from '@schoolflow/contracts';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Header, Label, Message, Progress, Segment, Statistic, Table } from 'semantic-ui-react';
import type { ViewProps } from '../router/view-props.js';
import { useReadySession } from '../session/session-store.js';
import { useDisclosure } from '../util/use-disclosure.js';
import { AssignTaskForm } from './assign-task-form.js';
import { AssigneeActions, ReviewActions } from './assignment-actions.js';
import { useCreatedTasks, useMyAssignments, useReviewAssignments, useWorkTask, useWorkTaskOverview } from './use-work-task-lists.js';
import { useWorkTasksT } from './use-work-tasks-t.js';
import { withNote } from '../i18n/punctuation.js';
import './work-tasks.css';

const STATE_COLOUR = { working: 'blue', returned: 'orange', submitted: 'teal', approved: 'green', cancelled: 'grey' } as const;

/** An assignment's state, and overdue beside it. */
function StateLabel({ a }: { a: WorkAssignment }) {
  const { w } = useWorkTasksT();
  return (
    <span data-testid={`work-state-${a.instanceId}`}>
      <Label size="mini" color={STATE_COLOUR[a.state]}>
        {w(`states.${a.state}`)}
      </Label>
      {a.overdue ? (
        <Label size="mini" color="red" data-testid="work-overdue">
          {w('fields.overdue')}
        </Label>
      ) : null}
    </span>
  );
}

/**
 * Assignments as cards (one column: a phone's, and the lists' on every width — each card carries its own steps): the
 * task, its deadline, who, the state, the progress bar, the latest text, and the steps `actions` offers.
 */
type Mode = 'assignee' | 'review' | 'view';

function AssignmentCards({ rows, empty, mode: modeOf }: { rows: readonly WorkAssignment[]; empty: string; mode: Mode | ((a: WorkAssignment) => Mode) }) {
  const { w, lang } = useWorkTasksT();
  if (rows.length === 0) return <Message info content={empty} data-testid="work-list-empty" />;
  return (
    <div className="sf-work-cards" data-testid="work-assignments">
      {rows.map((a) => {
        const mode = typeof modeOf === 'function' ? modeOf(a) : modeOf;
        return (
        <Segment key={a.instanceId} data-testid={`work-row-${a.instanceId}`} className="sf-work-card">
          <div className="sf-work-head">
            <Link to={workTaskDetailPage(a.taskId)} className="sf-strong">
              {a.title}
            </Link>
            <StateLabel a={a} />
          </div>
          <div className="sf-sub">
            {w('fields.deadline')}: {a.deadline} · {mode === 'assignee' ? `${w('fields.leader')}: ${a.leaderName}` : `${w('fields.assignee')}: ${a.department ? withNote(a.assigneeName, a.department[lang]) : a.assigneeName}`}
          </div>
          <Progress percent={a.percent} size="tiny" progress indicating={a.state !== 'cancelled'} data-testid="work-percent" />
          {a.lastComment ? (
            <div className="sf-sub" data-testid="work-last-comment">
              {a.state === 'returned' ? w('hints.returnedBecause', { reason: a.lastComment }) : `${w('fields.lastComment')}: ${a.lastComment}`}
            </div>
          ) : null}
          <div className="sf-work-actions">{mode === 'assignee' ? <AssigneeActions a={a} /> : mode === 'review' ? <ReviewActions a={a} /> : null}</div>
        </Segment>
        );
      })}
    </div>
  );
}

/** Tasks with their progress (x/y submitted, approved, overdue). */
function TaskTable({ tasks, empty }: { tasks: readonly WorkTaskSummary[]; empty: string }) {
  const { w } = useWorkTasksT();
  if (tasks.length === 0) return <Message info content={empty} data-testid="work-tasks-empty" />;
  return (
    <Table compact unstackable data-testid="work-tasks">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{w('fields.title')}</Table.HeaderCell>
          <Table.HeaderCell>{w('fields.deadline')}</Table.HeaderCell>
          <Table.HeaderCell>{w('fields.progress')}</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {tasks.map((t) => (
          <Table.Row key={t.id} data-testid={`work-task-${t.id}`}>
            <Table.Cell>
              <Link to={workTaskDetailPage(t.id)}>{t.title}</Link>
              <div className="sf-sub">
                {w('fields.leader')}: {t.leaderName} · {t.createdAt}
              </div>
            </Table.Cell>
            <Table.Cell>{t.deadline}</Table.Cell>
            <Table.Cell data-testid="work-task-progress">
              {w('hints.progress', { submitted: t.submitted, total: t.total, approved: t.approved })}
              {t.overdue > 0 ? (
                <Label size="mini" color="red">
                  {w('hints.overdueCount', { count: t.overdue })}
                </Label>
              ) : null}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}

function page(phone: boolean | undefined, testId: string) {
  return { className: phone ? 'sf-page sf-mobile-page' : 'sf-page', 'data-testid': testId };
}

/** 任务管理 (/nkgzgl/rwgl, /qt_app/nkgzgl/rwgl): assign a task, and the tasks I assigned with their progress. */
function ManageView({ active, phone }: ViewProps & { phone?: boolean }) {
  const { w } = useWorkTasksT();
  const creating = useDisclosure();
  const created = useCreatedTasks(active);
  return (
    <div {...page(phone, 'work-manage-page')}>
      <Header as="h2">{w('page.rwgl')}</Header>
      {creating.opened ? <AssignTaskForm onDone={creating.close} /> : <Button primary icon="add" content={w('actions.create')} onClick={creating.open} data-testid="work-task-create" />}
      <TaskTable tasks={created.data ?? []} empty={w('hints.nothingCreated')} />
    </div>
  );
}

/** 任务列表 (/nkgzgl/rwlb): my assignments, each with its steps. */
function MineView({ active, phone }: ViewProps & { phone?: boolean }) {
  const { w } = useWorkTasksT();
  const mine = useMyAssignments(active);
  return (
    <div {...page(phone, 'work-mine-page')}>
      <Header as="h2">{w('page.rwlb')}</Header>
      {mine.isLoading ? null : <AssignmentCards rows={mine.data ?? []} empty={w('hints.nothingMine')} mode="assignee" />}
    </div>
  );
}

/** 任务审核 (/nkgzgl/rwsh): the submissions of the tasks I assigned, to approve or return. */
function ReviewView({ active, phone }: ViewProps & { phone?: boolean }) {
  const { w } = useWorkTasksT();
  const review = useReviewAssignments(active);
  return (
    <div {...page(phone, 'work-review-page')}>
      <Header as="h2">{w('page.rwsh')}</Header>
      {review.isLoading ? null : <AssignmentCards rows={review.data ?? []} empty={w('hints.nothingToReview')} mode="review" />}
    </div>
  );
}

/** 领导查看 (/qt_app/nkgzgl/ldck): every task with its progress, the overdue count, each department's progress. */
function LeaderView({ active }: ViewProps) {
  const { w, lang } = useWorkTasksT();
  const overview = useWorkTaskOverview(active);
  const data = overview.data;
  return (
    <div {...page(true, 'work-leader-page')}>
      <Header as="h2">{w('page.ldck')}</Header>
      {data ? (
        <>
          <Statistic.Group size="mini" widths={2}>
            <Statistic data-testid="work-leader-tasks">
              <Statistic.Value>{data.tasks.length}</Statistic.Value>
              <Statistic.Label>{w('hints.allTasks')}</Statistic.Label>
            </Statistic>
            <Statistic color={data.overdue > 0 ? 'red' : undefined} data-testid="work-leader-overdue">
              <Statistic.Value>{data.overdue}</Statistic.Value>
              <Statistic.Label>{w('fields.overdue')}</Statistic.Label>
            </Statistic>
          </Statistic.Group>
          <Header as="h3">{w('hints.allTasks')}</Header>
          <TaskTable tasks={data.tasks} empty={w('hints.noTasks')} />
          <Header as="h3">{w('hints.byDepartment')}</Header>
          <Table compact unstackable data-testid="work-departments">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{w('fields.department')}</Table.HeaderCell>
                <Table.HeaderCell>{w('fields.counts')}</Table.HeaderCell>
                <Table.HeaderCell>{w('fields.overdue')}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.departments.map((d) => (
                <Table.Row key={d.department.zh}>
                  <Table.Cell>{d.department[lang]}</Table.Cell>
                  <Table.Cell>
                    {d.submitted} / {d.approved} / {d.total}
                  </Table.Cell>
                  <Table.Cell>{d.overdue}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </>
      ) : null}
    </div>
  );
}

/** 任务详情 (/qt_app/rwxq/rwxq?id=…): the task, and the assignments I may see with the steps I may take. */
function DetailView({ active }: ViewProps) {
  const { w } = useWorkTasksT();
  const me = useReadySession()?.info.userInfo.userId ?? '';
  const [params] = useSearchParams();
  const id = params.get('id');
  const task = useWorkTask(id, active);
  const t = task.data;
  if (task.isError || id === null) return <Message warning content={w('hints.notFound')} data-testid="work-detail-missing" />;
  if (!t) return null;
  // the steps offered are the viewer's own: the leader decides submissions, an assignee works on theirs
  const mode = (a: WorkAssignment) => (t.leaderId === me ? 'review' : a.assigneeId === me ? 'assignee' : 'view');
  return (
    <div {...page(true, 'work-detail-page')}>
      <Header as="h2">{t.title}</Header>
      <div className="sf-sub">
        {w('fields.leader')}: {t.leaderName} · {w('fields.deadline')}: {t.deadline}
      </div>
      {t.content ? <Segment className="sf-work-content">{t.content}</Segment> : null}
      <div data-testid="work-detail-progress">{w('hints.progress', { submitted: t.submitted, total: t.total, approved: t.approved })}</div>
      <Header as="h3">{w('hints.assignments')}</Header>
      <AssignmentCards rows={t.assignments} empty={w('hints.nothingMine')} mode={mode} />
    </div>
  );
}

export const WorkTaskManageView = (p: ViewProps) => <ManageView {...p} />;
export const WorkTaskManagePhoneView = (p: ViewProps) => <ManageView {...p} phone />;
export const WorkTaskMineView = (p: ViewProps) => <MineView {...p} />;
export const WorkTaskMinePhoneView = (p: ViewProps) => <MineView {...p} phone />;
export const WorkTaskReviewView = (p: ViewProps) => <ReviewView {...p} />;
export const WorkTaskReviewPhoneView = (p: ViewProps) => <ReviewView {...p} phone />;
export const WorkTaskLeaderView = LeaderView;
export const WorkTaskDetailView = DetailView;

import { useSearchParams } from 'react-router-dom';
import { Button, Label, Loader, Message } from 'semantic-ui-react';
import { isUuid, type ProjectDetail, roleWrites, TASK_STATUSES, type TaskStatus } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { filterParam, textParam, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { toast } from '../util/toast.js';
import { useDialogTarget } from '../util/use-disclosure.js';
import { CardBody, columnsOf } from './project-board.js';
import { TaskForm, type TaskDraft, newTaskDraft, taskDraft } from './task-form.js';
import { TaskPanel } from './task-panel.js';
import { useMoveTask } from './use-move-task.js';
import { useProject } from './use-project.js';
import { useProjectChanges } from './use-project-changes.js';
import { useProjects } from './use-projects.js';
import { useProjectsT } from './use-projects-t.js';
import './projects.css';

/** The one status the list keeps (`?status=doing`); '' keeps every task. */
const statusParam = filterParam(TASK_STATUSES);

/**
 * 项目 on a phone (`/qt_app/xmgl`; docs/product/office.md#projects): one column — the project chosen from mine, its
 * tasks by status (a filter instead of the board's columns, which do not fit a phone), each card's status changed by
 * a select (it goes last in that column), a tap opens the task with its comments and attachments. Live like the board.
 */
export default function ProjectsPhoneView({ active }: ViewProps) {
  const { pj } = useProjectsT();
  useProjectChanges();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const projects = useProjects(false, active);
  const choose = (next: string) => setParams(next ? { id: next } : {});
  return (
    <div className="sf-phone sf-pj-phone" data-testid="projects-phone">
      <h3>{pj('page.title')}</h3>
      <select className="ui fluid dropdown" value={id ?? ''} aria-label={pj('phone.choose')} onChange={(e) => choose(e.target.value)} data-testid="projects-phone-project">
        <option value="">{pj('phone.choose')}</option>
        {(projects.data ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      {projects.isLoading ? <Loader active inline="centered" size="small" /> : null}
      {id && isUuid(id) ? <PhoneProject id={id} active={active} /> : <div className="sf-hint">{pj('phone.noProject')}</div>}
    </div>
  );
}

function PhoneProject({ id, active }: { id: string; active: boolean }) {
  const { pj } = useProjectsT();
  const project = useProject(id, active);
  const [status, setStatus] = useViewParam('status', '', statusParam);
  // the task opened with its comments and attachments (`&task=`, as on the board)
  const [openId, setOpenId] = useViewParam('task', '', textParam);
  const { target: editing, open: openTaskForm, close: closeTaskForm } = useDialogTarget<TaskDraft>();
  const move = useMoveTask(id);
  if (project.isLoading) return <Loader active inline="centered" size="small" />;
  if (project.isError || !project.data) return <Message warning content={project.error ? errorMessage(project.error) : pj('project.gone')} />;
  const p: ProjectDetail = project.data;
  const writes = roleWrites(p.myRole) && !p.archived;
  const shown = p.tasks.filter((t) => status === '' || t.status === status);
  const changeStatus = (taskId: string, to: TaskStatus) => {
    const columns = columnsOf(p.tasks);
    const optimistic = p.tasks.map((t) => (t.id === taskId ? { ...t, status: to, position: columns[to].length + 1 } : t));
    move.mutate({ taskId, move: { status: to, beforeId: null }, optimistic }, { onSuccess: () => toast.success(pj('board.moved', { status: pj(`statuses.${to}`) })), onError: (e) => toast.error(errorMessage(e)) });
  };
  const opened = openId ? p.tasks.find((t) => t.id === openId) : undefined;
  return (
    <>
      <div className="sf-pj-phone-head">
        <Label size="small" basic content={pj(`roles.${p.myRole}`)} />
        <select className="ui dropdown" value={status} aria-label={pj('fields.status')} onChange={(e) => setStatus(TASK_STATUSES.find((s) => s === e.target.value) ?? '')} data-testid="projects-phone-filter">
          <option value="">{pj('phone.allStatuses')}</option>
          {TASK_STATUSES.map((s) => (
            <option key={s} value={s}>
              {pj(`statuses.${s}`)} ({p.tasks.filter((t) => t.status === s).length})
            </option>
          ))}
        </select>
        {writes ? <Button size="mini" primary icon="plus" aria-label={pj('project.newTask')} title={pj('project.newTask')} onClick={() => openTaskForm(newTaskDraft(status || 'todo'))} data-testid="projects-phone-add" /> : null}
      </div>
      {shown.length === 0 ? <div className="sf-hint">{pj('board.empty')}</div> : null}
      <ul className="sf-pj-phone-list">
        {shown.map((t) => (
          <li key={t.id} data-testid="projects-phone-task" data-id={t.id} data-status={t.status}>
            <button type="button" className="sf-pj-phone-main" onClick={() => setOpenId(t.id)}>
              <CardBody task={t} />
            </button>
            {writes ? (
              <select className="ui dropdown sf-pj-phone-status" value={t.status} aria-label={pj('phone.changeStatus')} onChange={(e) => changeStatus(t.id, e.target.value as TaskStatus)} data-testid="projects-phone-status">
                {TASK_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {pj(`statuses.${s}`)}
                  </option>
                ))}
              </select>
            ) : (
              <Label size="mini" content={pj(`statuses.${t.status}`)} />
            )}
          </li>
        ))}
      </ul>
      {opened ? <TaskPanel key={opened.id} project={p} taskId={opened.id} onEdit={() => openTaskForm(taskDraft(opened))} onClose={() => setOpenId('')} /> : null}
      {editing ? <TaskForm project={p} draft={editing} onClose={closeTaskForm} /> : null}
    </>
  );
}

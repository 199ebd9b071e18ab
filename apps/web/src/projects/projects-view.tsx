import { useSearchParams } from 'react-router-dom';
import { Button, Checkbox, Icon, Label, Message, Progress, Segment } from 'semantic-ui-react';
import { isUuid, type ProjectDetail, type ProjectSummary, roleManages, roleWrites, type TaskStatus } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { confirmAction } from '../components/confirm-store.js';
import { EmptyState } from '../components/empty-state.js';
import { PageLoader } from '../components/page-loader.js';
import { type ParamCodec, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { toast } from '../util/toast.js';
import { useDialogTarget, useDisclosure } from '../util/use-disclosure.js';
import { MembersModal } from './members-modal.js';
import { ProjectBoard } from './project-board.js';
import { ProjectForm } from './project-form.js';
import { ProjectTimeline } from './project-timeline.js';
import { TaskForm, type TaskDraft, newTaskDraft, taskDraft } from './task-form.js';
import { TaskPanel } from './task-panel.js';
import { useDeleteProject } from './use-delete-project.js';
import { useProject } from './use-project.js';
import { useProjectChanges } from './use-project-changes.js';
import { useProjects } from './use-projects.js';
import { useProjectsT } from './use-projects-t.js';
import './projects.css';

/** The archived projects shown instead of the current ones (`?archived=1`). */
const flagParam: ParamCodec<boolean> = { parse: (s) => (s === '1' ? true : undefined), format: (b) => (b ? '1' : '') };

/**
 * 项目管理 (`/xmgl`; docs/product/office.md#projects): my projects, and one project at `?id=` — its board
 * (`&view=board`, the default) or its timeline (`&view=timeline`), a task's detail at `&task=`. Kept current live by
 * the project's pushes: another member's change shows without a reload.
 */
export default function ProjectsView({ active }: ViewProps) {
  useProjectChanges();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const open = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null) p.delete(k);
      else p.set(k, v);
    }
    setParams(p);
  };
  return (
    <div className="sf-page sf-projects" data-testid="projects-view">
      {id && isUuid(id) ? (
        <ProjectPage id={id} active={active} view={params.get('view') === 'timeline' ? 'timeline' : 'board'} taskId={params.get('task')} open={open} />
      ) : (
        <ProjectList active={active} onOpen={(pid) => open({ id: pid, view: null, task: null })} />
      )}
    </div>
  );
}

function ProjectList({ active, onOpen }: { active: boolean; onOpen: (id: string) => void }) {
  const { pj } = useProjectsT();
  const [archived, setArchived] = useViewParam('archived', false, flagParam);
  const creating = useDisclosure();
  const list = useProjects(archived, active);
  const rows = list.data ?? [];
  return (
    <>
      <div className="sf-pj-list-head">
        <h3>{pj('list.mine')}</h3>
        <Checkbox toggle label={pj('list.archivedToggle')} checked={archived} onChange={() => setArchived(!archived)} data-testid="projects-archived" />
        <Button primary icon="plus" content={pj('list.create')} onClick={creating.open} data-testid="projects-create" />
      </div>
      {list.isError ? <Message negative content={errorMessage(list.error)} /> : null}
      {list.isLoading ? <PageLoader /> : null}
      {!list.isLoading && rows.length === 0 ? <EmptyState icon="columns" text={pj('list.empty')} testId="projects-empty" /> : null}
      <div className="sf-pj-cards-grid">
        {rows.map((p) => (
          <ProjectCard key={p.id} project={p} onOpen={() => onOpen(p.id)} />
        ))}
      </div>
      {creating.opened ? <ProjectForm project={null} onClose={creating.close} onSaved={onOpen} /> : null}
    </>
  );
}

function ProjectCard({ project: p, onOpen }: { project: ProjectSummary; onOpen: () => void }) {
  const { pj } = useProjectsT();
  const total = p.counts.todo + p.counts.doing + p.counts.blocked + p.counts.done;
  return (
    <Segment className="sf-pj-summary" data-testid="project-summary" data-id={p.id}>
      <div className="sf-pj-summary-head">
        <button type="button" className="sf-link sf-strong sf-pj-summary-name" onClick={onOpen} data-testid="project-open">
          {p.name}
        </button>
        <Label size="mini" basic content={pj(`roles.${p.myRole}`)} />
        {p.archived ? <Label size="mini" content={pj('list.archived')} /> : null}
      </div>
      {p.description ? <div className="sf-sub sf-pj-summary-description">{p.description}</div> : null}
      <Progress size="tiny" percent={total === 0 ? 0 : Math.round((p.counts.done / total) * 100)} success={total > 0 && p.counts.done === total} />
      <div className="sf-pj-summary-facts sf-sub">
        <span>{pj('list.progress', { done: p.counts.done, total })}</span>
        <span>{pj('list.owner', { name: p.ownerName })}</span>
        <span>{pj('list.members', { n: p.members })}</span>
        {p.startDate || p.endDate ? (
          <span>
            <Icon name="calendar outline" />
            {p.startDate ?? ''} – {p.endDate ?? ''}
          </span>
        ) : null}
        {p.overdue > 0 ? <span className="sf-pj-due-late">{pj('list.overdue', { n: p.overdue })}</span> : null}
      </div>
    </Segment>
  );
}

function ProjectPage({ id, active, view, taskId, open }: { id: string; active: boolean; view: 'board' | 'timeline'; taskId: string | null; open: (next: Record<string, string | null>) => void }) {
  const { pj } = useProjectsT();
  const project = useProject(id, active);
  const { target: editingTask, open: openTaskForm, close: closeTaskForm } = useDialogTarget<TaskDraft>();
  const members = useDisclosure();
  const editing = useDisclosure();
  const remove = useDeleteProject();
  const back = () => open({ id: null, view: null, task: null });
  if (project.isLoading) return <PageLoader />;
  if (project.isError || !project.data) {
    return (
      <Message warning data-testid="project-gone">
        <p>{project.error ? errorMessage(project.error) : pj('project.gone')}</p>
        <Button basic icon="arrow left" content={pj('project.back')} onClick={back} />
      </Message>
    );
  }
  const p: ProjectDetail = project.data;
  const writes = roleWrites(p.myRole) && !p.archived;
  const openTask = (tid: string) => open({ task: tid });
  const addTask = (status: TaskStatus) => openTaskForm(newTaskDraft(status));
  const deleteProject = async () => {
    if (!(await confirmAction(pj('project.deleteConfirm', { name: p.name })))) return;
    remove.mutate(p.id, { onSuccess: (res) => (toast.success(res.msg || pj('results.deleted')), back()), onError: (e) => toast.error(errorMessage(e)) });
  };
  const task = taskId ? p.tasks.find((t) => t.id === taskId) : undefined;
  return (
    <div data-testid="project-page" data-id={p.id}>
      <div className="sf-pj-head">
        <Button basic size="small" icon="arrow left" aria-label={pj('project.back')} title={pj('project.back')} onClick={back} data-testid="project-back" />
        <h3 data-testid="project-name">{p.name}</h3>
        <Label size="small" basic content={pj(`roles.${p.myRole}`)} data-testid="project-role" />
        {p.archived ? <Label size="small" content={pj('list.archived')} /> : null}
        <span className="sf-pj-live sf-sub" title={pj('project.live')}>
          <Icon name="circle" color="green" size="tiny" />
          {pj('project.live')}
        </span>
        <div className="sf-pj-head-tools">
          <Button.Group size="small" basic>
            <Button active={view === 'board'} icon="columns" content={pj('project.board')} onClick={() => open({ view: null })} data-testid="project-view-board" aria-pressed={view === 'board'} />
            <Button active={view === 'timeline'} icon="align left" content={pj('project.timeline')} onClick={() => open({ view: 'timeline' })} data-testid="project-view-timeline" aria-pressed={view === 'timeline'} />
          </Button.Group>
          <Button size="small" basic icon="users" content={`${pj('project.members')} (${p.members.length})`} onClick={members.open} data-testid="project-members-open" />
          {writes ? <Button size="small" primary icon="plus" content={pj('project.newTask')} onClick={() => addTask('todo')} data-testid="project-new-task" /> : null}
          {roleManages(p.myRole) ? (
            <>
              <Button size="small" basic icon="edit" aria-label={pj('project.edit')} title={pj('project.edit')} onClick={editing.open} data-testid="project-edit" />
              <Button size="small" basic negative icon="trash alternate outline" aria-label={pj('project.delete')} title={pj('project.delete')} onClick={() => void deleteProject()} data-testid="project-delete" />
            </>
          ) : null}
        </div>
      </div>
      {p.description ? <p className="sf-sub sf-pj-description">{p.description}</p> : null}
      {p.myRole === 'viewer' ? <Message info size="small" content={pj('project.readOnly')} data-testid="project-read-only" /> : null}
      {view === 'timeline' ? <ProjectTimeline project={p} onOpen={openTask} /> : <ProjectBoard project={p} onOpen={openTask} onAdd={addTask} />}
      {task ? <TaskPanel key={task.id} project={p} taskId={task.id} onEdit={() => openTaskForm(taskDraft(task))} onClose={() => open({ task: null })} /> : null}
      {editingTask ? <TaskForm project={p} draft={editingTask} onClose={closeTaskForm} /> : null}
      {members.opened ? <MembersModal project={p} onClose={members.close} /> : null}
      {editing.opened ? <ProjectForm project={p} onClose={editing.close} onSaved={() => undefined} /> : null}
    </div>
  );
}

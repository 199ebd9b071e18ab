import { useState } from 'react';
import { closestCorners, DndContext, type DragEndEvent, type DragOverEvent, DragOverlay, type DragStartEvent, KeyboardSensor, PointerSensor, useDroppable, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Icon, Label } from 'semantic-ui-react';
import { type ProjectDetail, type ProjectTask, roleWrites, TASK_STATUSES, type TaskStatus } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { toast } from '../util/toast.js';
import { useMoveTask } from './use-move-task.js';
import { useProjectsT } from './use-projects-t.js';

type Columns = Record<TaskStatus, string[]>;

const COLUMN = 'column:';
const PRIORITY_COLOURS = { low: 'grey', normal: 'blue', high: 'orange', urgent: 'red' } as const;

/** The board's columns from the tasks (the server's order: by column, then place). */
export function columnsOf(tasks: readonly ProjectTask[]): Columns {
  const columns: Columns = { todo: [], doing: [], blocked: [], done: [] };
  for (const t of tasks) columns[t.status].push(t.id);
  return columns;
}

/** The tasks as the columns now stand: each task's status and place taken from where its card is. */
function tasksIn(columns: Columns, tasks: readonly ProjectTask[]): ProjectTask[] {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  return TASK_STATUSES.flatMap((status) => columns[status].flatMap((id, i) => {
    const t = byId.get(id);
    return t ? [{ ...t, status, position: i + 1 }] : [];
  }));
}

function columnOf(columns: Columns, id: string): TaskStatus | null {
  if (id.startsWith(COLUMN)) return id.slice(COLUMN.length) as TaskStatus;
  return TASK_STATUSES.find((s) => columns[s].includes(id)) ?? null;
}

/**
 * 看板 (docs/product/office.md#projects): four columns by status, cards in their order. The owner and members drag a
 * card to another column or to another place (@dnd-kit: pointer and keyboard); the card stays where it was dropped
 * while the server places it, and the board takes the server's order from the answer. A viewer's board does not drag.
 */
export function ProjectBoard({ project, onOpen, onAdd }: { project: ProjectDetail; onOpen: (taskId: string) => void; onAdd: (status: TaskStatus) => void }) {
  const { pj } = useProjectsT();
  const writes = roleWrites(project.myRole) && !project.archived;
  const move = useMoveTask(project.id);
  const [dragging, setDragging] = useState<string | null>(null);
  const [local, setLocal] = useState<Columns | null>(null);
  const columns = local ?? columnsOf(project.tasks);
  const byId = new Map(project.tasks.map((t) => [t.id, t]));
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const onDragStart = (e: DragStartEvent) => {
    setDragging(String(e.active.id));
    setLocal(columnsOf(project.tasks));
  };
  // across columns while dragging: the card joins the column it is over, where it is over
  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    setLocal((prev) => {
      if (!prev) return prev;
      const id = String(active.id);
      const from = columnOf(prev, id);
      const to = columnOf(prev, String(over.id));
      if (!from || !to || from === to) return prev;
      const target = prev[to];
      const at = String(over.id).startsWith(COLUMN) ? target.length : Math.max(0, target.indexOf(String(over.id)));
      return { ...prev, [from]: prev[from].filter((x) => x !== id), [to]: [...target.slice(0, at), id, ...target.slice(at)] };
    });
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const cols = local;
    setDragging(null);
    setLocal(null);
    if (!over || !cols) return;
    const id = String(active.id);
    const to = columnOf(cols, id);
    const task = byId.get(id);
    if (!to || !task) return;
    let list = cols[to];
    const overId = String(over.id);
    if (!overId.startsWith(COLUMN) && list.includes(overId)) list = arrayMove(list, list.indexOf(id), list.indexOf(overId));
    const beforeId = list[list.indexOf(id) + 1] ?? null;
    const was = columnsOf(project.tasks)[task.status];
    if (to === task.status && (was[was.indexOf(id) + 1] ?? null) === beforeId) return;
    const next = { ...cols, [to]: list };
    move.mutate(
      { taskId: id, move: { status: to, beforeId }, optimistic: tasksIn(next, project.tasks) },
      { onSuccess: () => to !== task.status && toast.success(pj('board.moved', { status: pj(`statuses.${to}`) })), onError: (e) => toast.error(errorMessage(e)) },
    );
  };

  const active = dragging ? byId.get(dragging) : undefined;
  return (
    <div className="sf-pj-board-wrap" data-testid="project-board">
      {writes ? <div className="sf-hint sf-pj-drag-hint">{pj('board.dragHint')}</div> : null}
      <DndContext sensors={sensors} collisionDetection={closestCorners} onDragStart={onDragStart} onDragOver={onDragOver} onDragEnd={onDragEnd} onDragCancel={() => (setDragging(null), setLocal(null))}>
        <div className="sf-pj-board">
          {TASK_STATUSES.map((status) => (
            <BoardColumn key={status} status={status} ids={columns[status]} byId={byId} writes={writes} onOpen={onOpen} onAdd={() => onAdd(status)} />
          ))}
        </div>
        <DragOverlay>{active ? <CardBody task={active} lifted /> : null}</DragOverlay>
      </DndContext>
    </div>
  );
}

function BoardColumn({ status, ids, byId, writes, onOpen, onAdd }: { status: TaskStatus; ids: string[]; byId: Map<string, ProjectTask>; writes: boolean; onOpen: (id: string) => void; onAdd: () => void }) {
  const { pj } = useProjectsT();
  const { setNodeRef, isOver } = useDroppable({ id: `${COLUMN}${status}`, disabled: !writes });
  return (
    <section ref={setNodeRef} className={`sf-pj-column sf-pj-column-${status}${isOver ? ' sf-pj-over' : ''}`} data-testid={`board-column-${status}`} aria-label={pj(`statuses.${status}`)}>
      <header className="sf-pj-column-head">
        <span className="sf-strong">{pj(`statuses.${status}`)}</span>
        <Label size="mini" circular content={ids.length} data-testid={`board-count-${status}`} />
        {writes ? <Button type="button" size="mini" basic icon="plus" className="sf-pj-column-add" title={pj('board.add')} aria-label={pj('board.add')} onClick={onAdd} data-testid={`board-add-${status}`} /> : null}
      </header>
      <SortableContext id={status} items={ids} strategy={verticalListSortingStrategy} disabled={!writes}>
        <div className="sf-pj-cards">
          {ids.map((id) => {
            const task = byId.get(id);
            return task ? <SortableCard key={id} task={task} writes={writes} onOpen={onOpen} /> : null;
          })}
          {ids.length === 0 ? <div className="sf-pj-empty">{pj('board.empty')}</div> : null}
        </div>
      </SortableContext>
    </section>
  );
}

function SortableCard({ task, writes, onOpen }: { task: ProjectTask; writes: boolean; onOpen: (id: string) => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: task.id, disabled: !writes });
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`sf-pj-card-slot${isDragging ? ' sf-pj-dragging' : ''}`}
      data-testid="project-card"
      data-id={task.id}
      data-status={task.status}
      {...attributes}
      {...listeners}
      onClick={() => onOpen(task.id)}
      onKeyDown={(e) => {
        listeners?.onKeyDown?.(e);
        if (e.key === 'Enter' && !e.defaultPrevented) onOpen(task.id);
      }}
    >
      <CardBody task={task} />
    </div>
  );
}

/** A card's face: title, priority, owner, due date (red when overdue), the counts of comments and attachments. */
export function CardBody({ task, lifted = false }: { task: ProjectTask; lifted?: boolean }) {
  const { pj } = useProjectsT();
  return (
    <div className={`sf-pj-card${lifted ? ' sf-pj-lifted' : ''}${task.overdue ? ' sf-pj-overdue' : ''}`}>
      <div className="sf-pj-card-title">{task.title}</div>
      <div className="sf-pj-card-meta">
        <Label size="mini" basic color={PRIORITY_COLOURS[task.priority]} content={pj(`priorities.${task.priority}`)} />
        {task.assigneeName ? (
          <span className="sf-sub">
            <Icon name="user outline" />
            {task.assigneeName}
          </span>
        ) : null}
        {task.dueDate ? (
          <span className={task.overdue ? 'sf-pj-due-late' : 'sf-sub'} data-testid={task.overdue ? 'project-card-overdue' : undefined}>
            <Icon name="calendar outline" />
            {pj('board.due', { date: task.dueDate.slice(5) })}
          </span>
        ) : null}
        {task.comments > 0 ? (
          <span className="sf-sub" title={pj('board.comments', { n: task.comments })}>
            <Icon name="comment outline" />
            {task.comments}
          </span>
        ) : null}
        {task.attachments > 0 ? (
          <span className="sf-sub" title={pj('board.attachments', { n: task.attachments })}>
            <Icon name="attach" />
            {task.attachments}
          </span>
        ) : null}
      </div>
    </div>
  );
}

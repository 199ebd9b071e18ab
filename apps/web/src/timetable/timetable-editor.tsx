import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button, Icon, Label, Message, Popup, Segment } from 'semantic-ui-react';
import { type EditorOptions, type Lesson, periodLabel, type TimetableAnswer, type TimetableVersion } from '@schoolflow/contracts';
import { ApiError, reportError } from '../api/http.js';
import { confirmAction } from '../components/confirm-dialog.js';
import { EmptyState } from '../components/empty-state.js';
import { CardHead } from '../components/list-page.js';
import { useLeaveWarning } from '../components/use-leave-warning.js';
import { RefSelect } from '../resources/ref-select.js';
import { toast } from '../util/toast.js';
import { busyRooms, type CellClash, changedCells, courseCounts, type CourseCount, defaultRoom, type Draft, type DraftCell, draftClashes, draftOf, otherLessonName, placeBody, refusedClashes, type Section, sectionIdOf } from './editor-model.js';
import { useEditorOptions } from './use-editor-options.js';
import { usePlaceLessons } from './use-place-lessons.js';
import { useTeachingClasses } from './use-teaching-classes.js';
import { useTimetable } from './use-timetable.js';
import { timetableText, useTimetableT } from './use-timetable-t.js';
import { accentStyle, LessonGrid, WeekGrid } from './week-grid.js';
import { cellKey, gridColumns, lessonsByCell, schoolToday } from './week-grid-model.js';
import '../resources/resource.css';
import './timetable.css';

/**
 * 排课's grid editor (issue 9): one class's (or teaching class's) week in a chosen timetable. A draft is edited cell by
 * cell — a course of the class (its assigned teacher comes with it) and a room — with the weekly periods placed of
 * those needed beside the grid, and every clash with the timetable's other lessons shown red before saving (the
 * contract's `clashOf`); saving sends the whole week, and a 409 上课时间冲突 marks the cells the server names. A
 * published or archived timetable opens read-only, with a copy to a draft offered. Unsaved changes survive switching
 * tabs (the shell keeps the page mounted) and leaving the page asks first.
 */
export function TimetableEditor({ version, active, onCopy, onClose, onDirty }: { version: TimetableVersion; active: boolean; onCopy: (v: TimetableVersion) => void; onClose: () => void; onDirty: (dirty: boolean) => void }) {
  const { tt } = useTimetableT();
  const [section, setSection] = useState<Section | null>(null);
  const dirty = useRef(false);
  const teaching = useTeachingClasses(version.semesterId, true);
  const readOnly = version.state !== 'draft';

  const choose = async (next: Section | null) => {
    if (dirty.current && !(await confirmAction(tt('page.editor.discardConfirm')))) return;
    dirty.current = false;
    onDirty(false);
    setSection(next);
  };
  const markDirty = (d: boolean) => {
    dirty.current = d;
    onDirty(d);
  };

  return (
    <Segment className="sf-card sf-tt-editor" data-testid="tt-editor" data-timetable={version.id} data-state={version.state}>
      <CardHead
        icon={readOnly ? 'eye' : 'edit outline'}
        title={readOnly ? tt('page.editor.viewTitle', { name: version.name }) : tt('page.editor.title', { name: version.name })}
        tools={<Button basic size="small" icon="close" title={tt('page.common.close')} aria-label={tt('page.common.close')} onClick={onClose} data-testid="tt-editor-close" />}
      />
      {readOnly ? (
        <Message info size="small" data-testid="tt-editor-read-only">
          <Message.Content>
            {tt(version.state === 'archived' ? 'page.editor.readOnly.archived' : 'page.editor.readOnly.published')}{' '}
            <Button size="mini" primary onClick={() => onCopy(version)} data-testid="tt-editor-copy">
              <Icon name="copy outline" /> {tt('page.versions.copy')}
            </Button>
          </Message.Content>
        </Message>
      ) : (
        <p className="sf-hint">{tt('page.editor.hint')}</p>
      )}
      <div className="sf-tt-bar">
        <label className="sf-tt-label" htmlFor="tt-editor-class">
          {tt('page.editor.class')}
        </label>
        <div className="sf-tt-select">
          <RefSelect source="classes" value={section?.kind === 'class' ? section.id : ''} onValue={(id) => void choose(id ? { kind: 'class', id } : null)} testId="tt-editor-class" emptyText={tt('page.editor.chooseClass')} />
        </div>
        {teaching.length > 0 ? (
          <>
            <label className="sf-tt-label" htmlFor="tt-editor-teaching">
              {tt('page.editor.teachingClass')}
            </label>
            <select
              id="tt-editor-teaching"
              className="ui dropdown sf-tt-select"
              value={section?.kind === 'teachingClass' ? section.id : ''}
              data-testid="tt-editor-teaching"
              onChange={(e) => void choose(e.target.value ? { kind: 'teachingClass', id: e.target.value } : null)}
            >
              <option value="">{tt('page.editor.chooseTeachingClass')}</option>
              {teaching.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </>
        ) : null}
      </div>
      {section ? (
        readOnly ? (
          <ReadOnlyWeek key={`${version.id}/${section.id}`} version={version} section={section} />
        ) : (
          <SectionEditor key={`${version.id}/${section.id}`} version={version} section={section} active={active} onDirty={markDirty} />
        )
      ) : (
        <EmptyState icon="hand point up outline" text={tt('page.editor.chooseFirst')} testId="tt-editor-choose" />
      )}
    </Segment>
  );
}

const sectionQuery = (timetableId: string, s: Section) => (s.kind === 'class' ? { timetableId, classId: s.id } : { timetableId, teachingClassId: s.id });

/** A published or archived timetable's week of the class, as the inquiry shows it. */
function ReadOnlyWeek({ version, section }: { version: TimetableVersion; section: Section }) {
  const own = useTimetable(sectionQuery(version.id, section));
  const data = own.data;
  if (!data) return <Segment basic loading className="sf-tt-loading" />;
  return <LessonGrid periods={data.periods} columns={gridColumns(data, schoolToday())} lessons={data.lessons} by="class" testId="tt-editor-grid" />;
}

/** A course or room named: from the editor's options, else from the lessons read (a course no longer assigned). */
function namer(options: EditorOptions | undefined, lessons: readonly Lesson[]) {
  const courses = new Map((options?.courses ?? []).map((c) => [c.courseId, c]));
  const rooms = new Map((options?.rooms ?? []).map((r) => [r.id, r.name]));
  const fromLessons = new Map(lessons.map((l) => [l.courseId, l]));
  for (const l of lessons) if (l.classroomId && l.classroomName && !rooms.has(l.classroomId)) rooms.set(l.classroomId, l.classroomName);
  return {
    course: (id: string) => {
      const c = courses.get(id);
      const l = fromLessons.get(id);
      return { name: c?.courseName ?? l?.courseName ?? '', colour: c?.courseColour ?? l?.courseColour ?? '', teacher: c?.teacherName ?? l?.teacherName ?? '' };
    },
    room: (id: string | null) => (id ? (rooms.get(id) ?? '') : ''),
  };
}

/** A clash in words, as the server words it (`timetable.errors.clash*`). */
function clashText(c: CellClash): string {
  const other = otherLessonName(c.with);
  switch (c.kind) {
    case 'class':
      return timetableText('errors.clashClass', { other });
    case 'teacher':
      return timetableText('errors.clashTeacher', { other });
    case 'room':
      return timetableText('errors.clashRoom', { other });
  }
}

function SectionEditor({ version, section, active, onDirty }: { version: TimetableVersion; section: Section; active: boolean; onDirty: (dirty: boolean) => void }) {
  const whole = useTimetable({ timetableId: version.id });
  const own = useTimetable(sectionQuery(version.id, section));
  const options = useEditorOptions(version.id, section);
  if (!own.data || !options.data) return <Segment basic loading className="sf-tt-loading" data-testid="tt-editor-loading" />;
  return <SectionForm version={version} section={section} active={active} onDirty={onDirty} own={own.data} others={whole.data?.lessons} opts={options.data} />;
}

/** The week as a form: a cell per key (`weekday:period`); an empty cell is no key. */
interface WeekValues {
  cells: Record<string, DraftCell>;
}
const NO_LESSONS: readonly Lesson[] = [];

/** The server's sentences of a cell a refused save named, kept as the cell's error (`types`, in the server's order). */
function refusedTexts(error: { types?: Record<string, unknown> } | undefined): string[] {
  return error?.types ? Object.values(error.types).map((v) => (typeof v === 'string' ? v : '')) : [];
}

function SectionForm({
  version,
  section,
  active,
  onDirty,
  own,
  others = NO_LESSONS,
  opts,
}: {
  version: TimetableVersion;
  section: Section;
  active: boolean;
  onDirty: (dirty: boolean) => void;
  own: TimetableAnswer;
  others?: readonly Lesson[];
  opts: EditorOptions;
}) {
  const { tt, lang } = useTimetableT();
  const place = usePlaceLessons();
  // the week as read: the form's defaults are what the server holds (as loaded or last saved), its values the grid
  const fresh = useMemo((): WeekValues => ({ cells: Object.fromEntries(draftOf(own.lessons, section)) }), [own, section]);
  const form = useForm<WeekValues>({ defaultValues: fresh });
  const { control, getValues, setValue, setError, clearErrors } = form;
  const cells = useWatch({ control, name: 'cells' });
  const draft: Draft = useMemo(() => new Map(Object.entries(cells)), [cells]);
  const savedCells = form.formState.defaultValues?.cells;
  const saved: Draft = useMemo(() => new Map(Object.entries((savedCells ?? {}) as Record<string, DraftCell>)), [savedCells]);
  const [editing, setEditing] = useState<{ weekday: number; period: number; anchor: HTMLElement } | null>(null);

  const changed = useMemo(() => changedCells(saved, draft), [saved, draft]);
  const dirty = changed.length > 0;
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  // read again (after a save, another's save) the week replaces the grid unless there are changes of one's own —
  // once per answer, as soon as there are none; cells a refusal marked stay marked until changed
  const adopted = useRef(fresh);
  useEffect(() => {
    if (dirty || adopted.current === fresh) return;
    adopted.current = fresh;
    form.reset(fresh, { keepErrors: true });
  }, [fresh, dirty, form]);

  /** Cells a refused save named (409 上课时间冲突), with the server's sentences: the cells' errors, until they are changed. */
  const cellErrors = form.formState.errors.cells;
  const refused: ReadonlyMap<string, string[]> = new Map(
    Object.entries(cellErrors ?? {}).flatMap(([key, e]): [string, string[]][] => (e && typeof e === 'object' && 'types' in e ? [[key, refusedTexts(e as { types?: Record<string, unknown> })]] : [])),
  );
  // the refusal's own sentence: the last save's, while it is not undone
  const refusal = place.error instanceof ApiError && place.error.code === 409 ? place.error.message : null;

  // leaving the page (closing the window, reloading) with unsaved changes asks first
  useLeaveWarning(dirty);

  // the teaching classes the class's students go to (the class filter answers their lessons too): they share students
  const shared = useMemo(() => new Set(own.lessons.map(sectionIdOf).filter((id) => id !== section.id)), [own, section.id]);
  const sharedAt = useMemo(() => lessonsByCell(own.lessons.filter((l) => sectionIdOf(l) !== section.id)), [own, section.id]);
  const clashes = useMemo(() => draftClashes(draft, section, others, shared), [draft, section, others, shared]);
  const counts = useMemo(() => courseCounts(opts.courses, draft), [opts, draft]);
  const names = namer(opts, [...own.lessons, ...others]);

  const data: TimetableAnswer = own;
  const columns = gridColumns(data, schoolToday());

  const setCell = (weekday: number, period: number, cell: DraftCell | null) => {
    const key = cellKey(weekday, period);
    const next = { ...getValues('cells') };
    if (cell) next[key] = cell;
    else delete next[key];
    setValue('cells', next, { shouldDirty: true });
    if (refused.has(key)) clearErrors(`cells.${key}`);
  };

  const chooseCourse = (weekday: number, period: number, courseId: string) => {
    const course = opts.courses.find((c) => c.courseId === courseId);
    if (!course) return setCell(weekday, period, null);
    const current = draft.get(cellKey(weekday, period));
    // the same course keeps its room; another goes to its default one (the class's own, or a free room of its type)
    const classroomId = current?.courseId === courseId ? current.classroomId : defaultRoom(course, opts, busyRooms(others, section, weekday, period));
    setCell(weekday, period, { courseId, teacherId: course.teacherId, classroomId });
  };

  const save = async () => {
    const now = getValues();
    try {
      const msg = await place.mutateAsync(placeBody(version.id, section, new Map(Object.entries(now.cells))));
      // what was sent is what the server holds now (and no cell is refused)
      form.reset(structuredClone(now));
      toast.success(msg || tt('done.saved'));
    } catch (err) {
      if (err instanceof ApiError && err.code === 409) {
        clearErrors();
        for (const [key, texts] of refusedClashes(err.data)) {
          setError(`cells.${key}`, { type: 'server', message: texts.join('\n'), types: Object.fromEntries(texts.map((text, i) => [`server${i}`, text])) });
        }
        toast.error(err.message);
      } else {
        reportError(err);
      }
    }
  };

  const undo = async () => {
    if (!(await confirmAction(tt('page.editor.undoConfirm')))) return;
    // back to what the server holds: the draft, the marked cells and the refusal go
    form.reset();
    place.reset();
  };

  const clashCount = [...new Set([...clashes.keys(), ...refused.keys()])].length;
  const editingCell = editing ? draft.get(cellKey(editing.weekday, editing.period)) : undefined;

  return (
    <div className="sf-tt-editor-area" data-testid="tt-section-editor" data-section={section.id} data-dirty={dirty} data-changes={changed.length} data-clashes={clashCount}>
      <div className="sf-tt-editor-bar">
        {dirty ? (
          <Label basic color="orange" size="small" data-testid="tt-editor-dirty">
            <Icon name="pencil" /> {tt('page.editor.dirty', { n: changed.length })}
          </Label>
        ) : (
          <Label basic size="small" data-testid="tt-editor-clean">
            <Icon name="check" /> {tt('page.editor.clean')}
          </Label>
        )}
        {clashCount > 0 ? (
          <Label basic color="red" size="small" data-testid="tt-editor-clash-count">
            <Icon name="warning sign" /> {tt('page.editor.clashes', { n: clashCount })}
          </Label>
        ) : null}
        <span className="sf-tt-spacer" />
        <Button size="small" basic disabled={!dirty || place.isPending} onClick={() => void undo()} data-testid="tt-editor-undo">
          <Icon name="undo" /> {tt('page.editor.undo')}
        </Button>
        <Button size="small" primary loading={place.isPending} disabled={!dirty || place.isPending} onClick={() => void save()} data-testid="tt-editor-save">
          <Icon name="save" /> {tt('page.editor.save')}
        </Button>
      </div>
      {refusal && refused.size > 0 ? (
        <Message negative size="small" data-testid="tt-editor-refused">
          <Message.Header>{refusal}</Message.Header>
          <Message.List>
            {[...refused.values()].flat().map((text, i) => (
              <Message.Item key={i} data-testid="tt-editor-refused-item">
                {text}
              </Message.Item>
            ))}
          </Message.List>
        </Message>
      ) : null}
      <div className="sf-tt-editor-body">
        <WeekGrid
          periods={data.periods}
          columns={columns}
          testId="tt-editor-grid"
          cellAttrs={(weekday, period) => {
            const key = cellKey(weekday, period);
            const cell = draft.get(key);
            const found = clashes.get(key) ?? [];
            const server = refused.get(key) ?? [];
            const reasons = [...found.map(clashText), ...server];
            const classes = ['sf-tt-editable', reasons.length > 0 ? 'sf-tt-clash' : '', changed.includes(key) ? 'sf-tt-changed' : '', editing && editing.weekday === weekday && editing.period === period ? 'sf-tt-selected' : ''];
            return {
              className: classes.filter(Boolean).join(' '),
              title: reasons.length > 0 ? reasons.join('\n') : undefined,
              role: 'button',
              tabIndex: 0,
              onClick: (e) => setEditing({ weekday, period, anchor: e.currentTarget }),
              onKeyDown: (e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  setEditing({ weekday, period, anchor: e.currentTarget });
                }
              },
              'data-testid': 'tt-edit-cell',
              'data-weekday': weekday,
              'data-period': period,
              'data-course': cell?.courseId ?? '',
              'data-teacher': cell?.teacherId ?? '',
              'data-room': cell?.classroomId ?? '',
              'data-clash': found.map((c) => c.kind).join(' '),
              'data-refused': server.length > 0,
              'data-changed': changed.includes(key),
            };
          }}
          renderCell={(weekday, period) => {
            const key = cellKey(weekday, period);
            const cell = draft.get(key);
            const sharedHere = sharedAt.get(key) ?? [];
            return (
              <>
                {cell ? (
                  <div className="sf-tt-lesson" style={accentStyle(names.course(cell.courseId).colour)}>
                    <span className="sf-tt-course">{names.course(cell.courseId).name}</span>
                    <span className="sf-tt-detail">{names.course(cell.courseId).teacher}</span>
                    {cell.classroomId ? <span className="sf-tt-detail">{names.room(cell.classroomId)}</span> : null}
                    {clashes.has(key) || refused.has(key) ? <Icon name="warning sign" color="red" className="sf-tt-clash-icon" /> : null}
                  </div>
                ) : (
                  <span className="sf-tt-empty-cell">{tt('page.editor.empty')}</span>
                )}
                {sharedHere.map((l) => (
                  <span key={l.id} className="sf-tt-shared" title={tt('page.editor.sharedHint')}>
                    {l.className} · {l.courseName}
                  </span>
                ))}
              </>
            );
          }}
        />
        <CourseCounter counts={counts} />
      </div>
      {editing && active ? (
        <CellPopup
          anchor={editing.anchor}
          title={`${tt(`weekdays.${editing.weekday}` as 'weekdays.1')} ${periodLabel(data.periods.find((p) => p.no === editing.period) ?? { no: editing.period, name: '' }, lang)}`}
          cell={editingCell}
          options={opts}
          counts={counts}
          reasons={[...(clashes.get(cellKey(editing.weekday, editing.period)) ?? []).map(clashText), ...(refused.get(cellKey(editing.weekday, editing.period)) ?? [])]}
          onCourse={(courseId) => chooseCourse(editing.weekday, editing.period, courseId)}
          onRoom={(classroomId) => editingCell && setCell(editing.weekday, editing.period, { ...editingCell, classroomId })}
          onClear={() => setCell(editing.weekday, editing.period, null)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

/** The small popup of a cell: its course (with the course's teacher), its room, clearing it. */
function CellPopup({
  anchor,
  title,
  cell,
  options,
  counts,
  reasons,
  onCourse,
  onRoom,
  onClear,
  onClose,
}: {
  anchor: HTMLElement;
  title: string;
  cell: DraftCell | undefined;
  options: EditorOptions;
  counts: readonly CourseCount[];
  reasons: readonly string[];
  onCourse: (courseId: string) => void;
  onRoom: (classroomId: string | null) => void;
  onClear: () => void;
  onClose: () => void;
}) {
  const { tt } = useTimetableT();
  const course = cell ? options.courses.find((c) => c.courseId === cell.courseId) : undefined;
  const countOf = new Map(counts.map((c) => [c.courseId, c]));
  return (
    <Popup
      open
      context={anchor}
      position="right center"
      flowing
      className="sf-tt-popup"
      // a click on another cell moves the popup there (the cell's own click does); any other click outside closes it
      onClose={(e) => {
        const target = e?.target instanceof Element ? e.target : null;
        if (target?.closest('[data-testid="tt-edit-cell"]')) return;
        onClose();
      }}
    >
      <Popup.Header>{title}</Popup.Header>
      <Popup.Content>
        <div className="sf-tt-popup-body" data-testid="tt-edit-popup">
          <label htmlFor="tt-edit-course">{tt('page.editor.course')}</label>
          <select id="tt-edit-course" className="ui dropdown" value={cell?.courseId ?? ''} data-testid="tt-edit-course" onChange={(e) => onCourse(e.target.value)}>
            <option value="">{tt('page.editor.noLesson')}</option>
            {options.courses.map((c) => {
              const n = countOf.get(c.courseId);
              return (
                <option key={c.courseId} value={c.courseId}>
                  {tt('page.editor.courseOption', { course: c.courseName, teacher: c.teacherName, placed: n?.placed ?? 0, needed: c.periods })}
                </option>
              );
            })}
          </select>
          {cell ? (
            <>
              <label>{tt('page.editor.teacher')}</label>
              <span className="sf-tt-popup-teacher" data-testid="tt-edit-teacher">
                {course?.teacherName ?? ''}
              </span>
              <label htmlFor="tt-edit-room">{tt('page.editor.room')}</label>
              <select id="tt-edit-room" className="ui dropdown" value={cell.classroomId ?? ''} data-testid="tt-edit-room" onChange={(e) => onRoom(e.target.value || null)}>
                <option value="">{tt('page.editor.noRoom')}</option>
                {options.rooms.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.id === options.homeRoomId ? tt('page.editor.homeRoom', { room: r.name }) : tt('page.editor.roomOption', { room: r.name, seats: r.seats })}
                  </option>
                ))}
              </select>
            </>
          ) : null}
        </div>
        {reasons.length > 0 ? (
          <ul className="sf-tt-popup-clashes" data-testid="tt-edit-clashes">
            {reasons.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </ul>
        ) : null}
        <div className="sf-tt-popup-actions">
          <Button size="mini" basic color="red" disabled={!cell} onClick={() => onClear()} data-testid="tt-edit-clear">
            <Icon name="eraser" /> {tt('page.editor.clear')}
          </Button>
          <Button size="mini" primary onClick={() => onClose()} data-testid="tt-edit-close">
            {tt('page.common.done')}
          </Button>
        </div>
      </Popup.Content>
    </Popup>
  );
}

/** The weekly periods placed of those needed, per course, beside the grid. */
function CourseCounter({ counts }: { counts: readonly CourseCount[] }) {
  const { tt } = useTimetableT();
  const placed = counts.reduce((n, c) => n + c.placed, 0);
  const needed = counts.reduce((n, c) => n + c.needed, 0);
  return (
    <aside className="sf-tt-counter" data-testid="tt-counter" data-placed={placed} data-needed={needed}>
      <div className="sf-tt-counter-head">
        {tt('page.editor.counter')}
        <span className={`sf-tt-count-value ${placed === needed ? 'ok' : placed > needed ? 'over' : 'under'}`}>{tt('page.editor.countValue', { placed, needed })}</span>
      </div>
      {counts.map((c) => (
        <div key={c.courseId} className={`sf-tt-count ${c.placed === c.needed ? 'ok' : c.placed > c.needed ? 'over' : 'under'}`} style={accentStyle(c.courseColour)} data-testid="tt-count" data-course={c.courseId} data-placed={c.placed} data-needed={c.needed}>
          <span className="sf-tt-count-name">
            {c.courseName}
            <small>{c.teacherName}</small>
          </span>
          <span className="sf-tt-count-value">{tt('page.editor.countValue', { placed: c.placed, needed: c.needed })}</span>
        </div>
      ))}
    </aside>
  );
}

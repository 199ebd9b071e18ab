import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useController, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button, Checkbox, Label, Menu, Message, Segment, Table } from 'semantic-ui-react';
import { flowPage, TIMETABLE_PAGES, type ZoubanChoiceInput, zoubanChoiceInputSchema, type ZoubanWindow, zoubanChoiceRefusal, ZOUBAN_MANAGE_PERMISSION } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { useAuthorized } from '../components/authorized.js';
import { EmptyState } from '../components/empty-state.js';
import { FieldError } from '../components/form-field.js';
import { PageLoader } from '../components/page-loader.js';
import { oneOfParam, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { firstMessage, namespacedMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { useDisclosure } from '../util/use-disclosure.js';
import { useChooseCombination } from './use-choose-combination.js';
import { useClassProgress } from './use-class-progress.js';
import { useClassWalkingT } from './use-class-walking-t.js';
import { useCombinations } from './use-combinations.js';
import { useGenerateClasses } from './use-generate-classes.js';
import { useGeneratedClasses } from './use-generated-classes.js';
import { useMyChoice } from './use-my-choice.js';
import { useZoubanLive } from './use-zouban-live.js';
import { useZoubanWindows } from './use-zouban-windows.js';
import { WindowForm } from './window-form.js';
import { gradeLabel } from '../resources/grade-label.js';
import { listOf } from '../i18n/punctuation.js';

const TABS = ['manage', 'choose', 'progress'] as const;
type Tab = (typeof TABS)[number];
const tabParam = oneOfParam(TABS);

/**
 * 走班管理 (/zouban/zbgl; docs/product/class-walking-and-registrations.md#pages): one page, three parts by who reads it —
 * the office's windows (new window, counts per combination, generating teaching classes), a student's choice by the
 * rules of each subject group, a head teacher's class progress, live on each choice.
 */
export default function ClassWalkingView({ active }: ViewProps) {
  const { cw } = useClassWalkingT();
  const manager = useAuthorized({ all: [ZOUBAN_MANAGE_PERMISSION] });
  const student = useAuthorized({ roles: ['student'] });
  const head = useAuthorized({ roles: ['headteacher'] });
  const tabs: Tab[] = [...(manager ? (['manage'] as const) : []), ...(student ? (['choose'] as const) : []), ...(head ? (['progress'] as const) : [])];
  // the part shown (`?tab=`); one this reader has no part in reads as their first
  const [picked, setPicked] = useViewParam<Tab>('tab', tabs[0] ?? 'manage', tabParam);
  const tab = tabs.includes(picked) ? picked : tabs[0];
  const windows = useZoubanWindows(active);
  useZoubanLive();
  return (
    <div className="sf-page" data-testid="zouban-page">
      <Segment className="sf-card">
        <h3>{cw('page.title')}</h3>
        {tabs.length > 1 ? (
          <Menu secondary pointing size="small">
            {tabs.map((t) => (
              <Menu.Item key={t} active={tab === t} onClick={() => setPicked(t)} data-testid={`zouban-tab-${t}`}>
                {cw(`tabs.${t}`)}
              </Menu.Item>
            ))}
          </Menu>
        ) : null}
        {windows.isPending ? <PageLoader /> : windows.isError ? <Message negative content={errorMessage(windows.error)} /> : null}
        {windows.data && tab === 'manage' ? <ManagePart windows={windows.data} /> : null}
        {windows.data && tab === 'choose' ? <ChoosePart windows={windows.data} /> : null}
        {windows.data && tab === 'progress' ? <ProgressPart windows={windows.data} /> : null}
      </Segment>
    </div>
  );
}

function StateLabel({ w }: { w: ZoubanWindow }) {
  const { cw } = useClassWalkingT();
  return (
    <Label size="small" color={w.state === 'open' ? 'green' : w.state === 'ended' ? 'grey' : 'blue'} data-testid="zouban-state">
      {cw(`states.${w.state}`)}
    </Label>
  );
}

function Rules({ w }: { w: ZoubanWindow }) {
  const { cw } = useClassWalkingT();
  return (
    <ul className="sf-hint">
      {w.groups.map((g) => (
        <li key={g.name}>{cw('manage.rule', { group: g.name, choose: g.choose, courses: listOf(g.courses.map((c) => c.name)) })}</li>
      ))}
    </ul>
  );
}

function ManagePart({ windows }: { windows: ZoubanWindow[] }) {
  const { cw } = useClassWalkingT();
  const creating = useDisclosure();
  return (
    <div data-testid="zouban-manage">
      <Button primary size="small" icon="plus" content={cw('manage.newWindow')} onClick={creating.open} data-testid="zouban-new" />
      {creating.opened ? <WindowForm onDone={creating.close} /> : null}
      {windows.length === 0 ? <EmptyState icon="random" text={cw('manage.empty')} /> : windows.map((w) => <ManagedWindow key={w.id} w={w} />)}
    </div>
  );
}

function ManagedWindow({ w }: { w: ZoubanWindow }) {
  const { cw } = useClassWalkingT();
  const counts = useCombinations(w.id, true);
  const classes = useGeneratedClasses(w.id, w.generatedAt !== null);
  const generate = useGenerateClasses(w.id);
  const run = () =>
    generate.mutate(undefined, {
      onSuccess: (r) => toast.success(cw('manage.generated', { classes: r.classes, students: r.students, unplaced: r.unplaced })),
      onError: (e) => toast.error(errorMessage(e)),
    });
  return (
    <Segment data-testid="zouban-window" data-id={w.id} data-state={w.state}>
      <h4>
        {w.name} <StateLabel w={w} /> <span className="sf-card-sub">{`${w.semesterName} · ${gradeLabel(w.grade)} · ${w.start} ~ ${w.end}`}</span>
      </h4>
      <Rules w={w} />
      <p data-testid="zouban-chosen">{cw('manage.chosen', { chosen: w.chosen, total: w.students })}</p>
      <Table compact size="small" data-testid="zouban-combinations">
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>{cw('manage.combination')}</Table.HeaderCell>
            <Table.HeaderCell>{cw('manage.count')}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {(counts.data ?? []).map((c) => (
            <Table.Row key={c.combination}>
              <Table.Cell>{c.combination}</Table.Cell>
              <Table.Cell>{c.count}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      <Button size="small" icon="sitemap" disabled={w.state !== 'ended'} loading={generate.isPending} content={cw(w.generatedAt ? 'manage.regenerate' : 'manage.generate')} onClick={run} data-testid="zouban-generate" />
      {classes.data && classes.data.length > 0 ? (
        <Table compact size="small" data-testid="zouban-classes">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{cw('manage.className')}</Table.HeaderCell>
              <Table.HeaderCell>{cw('manage.teacher')}</Table.HeaderCell>
              <Table.HeaderCell>{cw('manage.size')}</Table.HeaderCell>
              <Table.HeaderCell>{cw('manage.lessons')}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {classes.data.map((c) => (
              <Table.Row key={c.id} data-testid="zouban-class">
                <Table.Cell>{c.name}</Table.Cell>
                <Table.Cell>{c.teacherName}</Table.Cell>
                <Table.Cell>{`${c.size} / ${w.capacity}`}</Table.Cell>
                <Table.Cell>{`${c.lessons} / ${w.weeklyPeriods}`}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      ) : null}
      {w.generatedAt ? (
        <Link to={TIMETABLE_PAGES[0].url} data-testid="zouban-timetable-link">
          {cw('manage.timetableLink')}
        </Link>
      ) : null}
    </Segment>
  );
}

function ChoosePart({ windows }: { windows: ZoubanWindow[] }) {
  const { cw } = useClassWalkingT();
  if (windows.length === 0) return <EmptyState icon="random" text={cw('choose.noWindow')} />;
  return (
    <div data-testid="zouban-choose">
      {windows.map((w) => (
        <ChooseWindow key={w.id} w={w} />
      ))}
    </div>
  );
}

function ChooseWindow({ w }: { w: ZoubanWindow }) {
  const { cw } = useClassWalkingT();
  const mine = useMyChoice(w.id, true);
  const choose = useChooseCombination(w.id);
  // the choice held (read, or answered by a save) fills the form; one the student has changed is kept when it is read
  // again. Checked by the contract's schema as it is sent, and by the groups' rules as it is ticked
  const held = useMemo(() => (mine.data ? { courseIds: mine.data.courseIds } : undefined), [mine.data]);
  const form = useForm<ZoubanChoiceInput>({ resolver: zodResolver(zoubanChoiceInputSchema), defaultValues: { courseIds: [] }, values: held, resetOptions: { keepDirtyValues: true } });
  const { field } = useController({ control: form.control, name: 'courseIds' });
  const chosen = field.value;
  const changed = form.formState.isDirty;
  const toggle = (id: string) => field.onChange(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);
  const refusal = zoubanChoiceRefusal(w.groups, chosen);
  const open = w.state === 'open';
  const problem = firstMessage(form.formState.errors.courseIds);
  const submit = form.handleSubmit((body) =>
    choose.mutate(body.courseIds, {
      onSuccess: (c) => {
        form.reset({ courseIds: c.courseIds });
        toast.success(cw('choose.saved', { combination: c.combination ?? '' }));
      },
      onError: (e) => toast.error(errorMessage(e)),
    }),
  );
  return (
    <Segment data-testid="zouban-choose-window" data-id={w.id}>
      <h4>
        {w.name} <StateLabel w={w} /> <span className="sf-card-sub">{`${w.start} ~ ${w.end}`}</span>
      </h4>
      <p className="sf-hint">{open ? cw('choose.hint') : cw('choose.closed')}</p>
      <p data-testid="zouban-mine">{mine.data?.combination ? cw('choose.mine', { combination: mine.data.combination }) : cw('choose.none')}</p>
      {w.groups.map((g) => (
        <div key={g.name} className="sf-zouban-group" data-testid="zouban-group">
          <strong>{cw('manage.rule', { group: g.name, choose: g.choose, courses: listOf(g.courses.map((c) => c.name)) })}</strong>
          <div>
            {g.courses.map((c) => (
              <Checkbox key={c.id} label={c.name} checked={chosen.includes(c.id)} disabled={!open} onChange={() => toggle(c.id)} data-testid={`zouban-course-${c.code}`} style={{ marginRight: '1.5em' }} />
            ))}
          </div>
        </div>
      ))}
      {open && refusal?.key === 'groupCount' && changed ? <Message warning size="small" content={cw('errors.groupCount', { group: refusal.group, choose: refusal.choose })} /> : null}
      {open && problem ? <FieldError testId="zouban-choice-error" error={namespacedMessage(problem)} /> : null}
      {open ? <Button primary size="small" disabled={refusal !== null || !changed} loading={choose.isPending} content={cw('choose.submit')} onClick={() => void submit()} data-testid="zouban-submit" /> : null}
      {w.state === 'ended' && mine.data?.combination ? (
        <Link to={flowPage('zouban-change', 'new')} data-testid="zouban-change">
          {cw('choose.changeRequest')}
        </Link>
      ) : null}
    </Segment>
  );
}

function ProgressPart({ windows }: { windows: ZoubanWindow[] }) {
  const { cw } = useClassWalkingT();
  if (windows.length === 0) return <EmptyState icon="random" text={cw('manage.empty')} />;
  return (
    <div data-testid="zouban-progress">
      {windows.map((w) => (
        <ClassProgress key={w.id} w={w} />
      ))}
    </div>
  );
}

function ClassProgress({ w }: { w: ZoubanWindow }) {
  const { cw } = useClassWalkingT();
  const progress = useClassProgress(w.id, '', true);
  if (!progress.data) return progress.isError ? <Message negative content={errorMessage(progress.error)} /> : <PageLoader />;
  const p = progress.data;
  return (
    <Segment data-testid="zouban-progress-window" data-id={w.id}>
      <h4>
        {w.name} <StateLabel w={w} />
      </h4>
      <p data-testid="zouban-progress-summary" data-chosen={p.chosen}>
        {cw('progress.summary', { className: p.className, chosen: p.chosen, total: p.total })}
      </p>
      <Table compact size="small">
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>{cw('progress.studentNo')}</Table.HeaderCell>
            <Table.HeaderCell>{cw('progress.student')}</Table.HeaderCell>
            <Table.HeaderCell>{cw('progress.combination')}</Table.HeaderCell>
            <Table.HeaderCell>{cw('progress.chosenAt')}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {p.students.map((s) => (
            <Table.Row key={s.studentId} data-testid="zouban-progress-row" data-chosen={s.combination !== null}>
              <Table.Cell>{s.studentNo}</Table.Cell>
              <Table.Cell>{s.name}</Table.Cell>
              <Table.Cell>{s.combination ?? <span className="sf-hint">{cw('progress.notChosen')}</span>}</Table.Cell>
              <Table.Cell>{s.chosenAt ?? ''}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </Segment>
  );
}

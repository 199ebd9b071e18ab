import { type FinalClassRow, formatEvalValue, formatSchoolTime, RoleCode, type StudentFinalEvaluation, workflowDetailPage } from '@schoolflow/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Button, Label, Message, Segment, Table } from 'semantic-ui-react';
import { errorMessage } from '../../api/http.js';
import { PageLoader } from '../../components/page-loader.js';
import { useRealtime } from '../../realtime/use-realtime.js';
import type { ViewProps } from '../../router/view-props.js';
import { useReadySession } from '../../session/session-store.js';
import { useMyStudents } from '../../workflow/use-apply.js';
import { FINAL_FLOW, finalKeys } from './final-client.js';
import { FinalRadar } from './final-radar.js';
import { ObjectionForm } from './objection-form.js';
import { useAnswerFinal } from './use-answer-final.js';
import { useFinalClasses } from './use-final-classes.js';
import { useFinalT } from './use-final-t.js';
import { useObjectFinal } from './use-object-final.js';
import { useStudentFinal } from './use-student-final.js';
import { useSubmitFinal } from './use-submit-final.js';
import './final.css';

const FAMILY: readonly string[] = [RoleCode.student, RoleCode.parent];
const when = (iso: string | null) => (iso ? formatSchoolTime(Date.parse(iso)) : '');

const STATE_KEYS = { publicity: 'final.page.states.publicity', review: 'final.page.states.review', published: 'final.page.states.published' } as const;

function StateLabel({ state }: { state: string }) {
  const { e } = useFinalT();
  const key = STATE_KEYS[state as keyof typeof STATE_KEYS] as (typeof STATE_KEYS)[keyof typeof STATE_KEYS] | undefined;
  return <Label size="small" color={state === 'published' ? 'green' : 'blue'} content={key ? e(key) : state} data-testid="final-state" />;
}

/** The head teacher's classes: submit one whose results and comments are complete; answer the objections. */
function HeadTeacherClasses({ rows }: { rows: FinalClassRow[] }) {
  const { e } = useFinalT();
  const submit = useSubmitFinal();
  const answer = useAnswerFinal();
  return (
    <Segment data-testid="final-classes">
      <Table compact celled>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>{e('final.page.round')}</Table.HeaderCell>
            <Table.HeaderCell>{e('final.page.className')}</Table.HeaderCell>
            <Table.HeaderCell>{e('final.page.state')}</Table.HeaderCell>
            <Table.HeaderCell />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => {
            const state = r.instance?.state ?? '';
            const editable = !r.instance || state.startsWith('editing');
            return (
              <Table.Row key={`${r.roundId}-${r.classId}`} data-testid={`final-row-${r.roundId}`}>
                <Table.Cell>{r.roundName}</Table.Cell>
                <Table.Cell>{r.className}</Table.Cell>
                <Table.Cell>
                  {r.instance ? <StateLabel state={state} /> : e('final.page.notSubmitted')}
                  {r.instance?.publicityEndsAt && state === 'publicity' ? <div className="sf-hint">{e('final.page.publicityEnds', { time: when(r.instance.publicityEndsAt) })}</div> : null}
                  {editable && r.missing > 0 ? <div className="sf-hint">{e('final.page.missing', { count: r.missing })}</div> : null}
                </Table.Cell>
                <Table.Cell>
                  {editable ? (
                    <Button
                      primary
                      size="small"
                      content={e('final.page.submit')}
                      loading={submit.isPending}
                      data-testid="final-submit"
                      onClick={() => submit.mutate({ roundId: r.roundId, classId: r.classId, instance: r.instance })}
                    />
                  ) : null}
                  {r.instance ? <Link to={workflowDetailPage(FINAL_FLOW, r.instance.id)}>{e('final.page.open')}</Link> : null}
                  {(r.instance?.objections ?? []).map((o) => (
                    <div key={o.no} className="sf-final-objection" data-testid={`final-objection-${o.no}`}>
                      {e('final.page.objectionLine', { who: o.studentName, text: o.text })}
                      {o.answer ? (
                        <div className="sf-final-answer">{e('final.page.answerLine', { text: o.answer })}</div>
                      ) : r.instance ? (
                        <ObjectionForm
                          testId={`final-answer-${o.no}`}
                          placeholder={e('final.page.answerPlaceholder')}
                          required={e('final.errors.answerNeedsText')}
                          send={e('final.page.answer')}
                          onSend={(comment) => answer.mutateAsync({ id: r.instance!.id, objection: o.no, comment })}
                        />
                      ) : null}
                    </div>
                  ))}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table>
      {submit.isError ? <Message negative content={errorMessage(submit.error)} data-testid="final-submit-error" /> : null}
    </Segment>
  );
}

/** One evaluation of a student: the contents' levels, the radar, the term comment, the objections and a new one. */
function Evaluation({ ev, studentId, name }: { ev: StudentFinalEvaluation; studentId: string; name: string }) {
  const { e } = useFinalT();
  const object = useObjectFinal();
  const open = ev.state === 'publicity' || ev.state === 'review';
  return (
    <Segment data-testid={`final-evaluation-${ev.roundId}`}>
      <h3>
        {ev.roundName} <StateLabel state={ev.state} />
      </h3>
      {ev.state === 'publicity' && ev.publicityEndsAt ? <p className="sf-hint">{e('final.page.publicityEnds', { time: when(ev.publicityEndsAt) })}</p> : null}
      <div className="sf-final-body">
        <Table compact celled className="sf-final-table" data-testid="final-results">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{e('final.page.content')}</Table.HeaderCell>
              <Table.HeaderCell>{e('final.page.value')}</Table.HeaderCell>
              <Table.HeaderCell>{e('final.page.level')}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {ev.contents.map((c) => (
              <Table.Row key={`${c.theme}-${c.content}`}>
                <Table.Cell>
                  <span className="sf-hint">{c.theme}</span> {c.content}
                </Table.Cell>
                <Table.Cell>{formatEvalValue(c.value, ev.precision)}</Table.Cell>
                <Table.Cell>{c.level ?? '—'}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
        <FinalRadar contents={ev.contents} name={name} loading={e('final.page.radar')} testId="final-radar" />
      </div>
      <h4>{e('final.page.comment')}</h4>
      <p className="sf-final-comment" data-testid="final-comment">
        {ev.comment}
      </p>
      {ev.objections.length > 0 ? <h4>{e('final.page.objections')}</h4> : null}
      {ev.objections.map((o) => (
        <div key={o.no} className="sf-final-objection" data-testid={`final-objection-${o.no}`}>
          <div>{o.text}</div>
          <div className={o.answer ? 'sf-final-answer' : 'sf-hint'}>{o.answer ? e('final.page.answerLine', { text: o.answer }) : e('final.page.noAnswer')}</div>
        </div>
      ))}
      {open ? (
        <ObjectionForm
          testId="final-object"
          placeholder={e('final.page.objectPlaceholder')}
          required={e('final.errors.objectionNeedsText')}
          send={e('final.page.object')}
          onSend={(comment) => object.mutateAsync({ id: ev.instanceId, studentId, comment })}
        />
      ) : null}
    </Segment>
  );
}

function StudentEvaluations({ studentId, name }: { studentId: string; name: string }) {
  const { e } = useFinalT();
  const list = useStudentFinal(studentId);
  if (list.isPending) return <PageLoader />;
  if (list.isError) return <Message negative content={errorMessage(list.error)} />;
  return (
    <div data-testid={`final-student-${studentId}`}>
      <h2>{name}</h2>
      {list.data.length === 0 ? <Segment placeholder textAlign="center" content={e('final.page.none')} /> : list.data.map((ev) => <Evaluation key={ev.instanceId} ev={ev} studentId={studentId} name={name} />)}
    </div>
  );
}

/**
 * 期末学业评价 (/evaluation/qmpj, docs/product/evaluations.md#final-term-evaluation): a head teacher submits their
 * classes and answers objections; a student or a parent reads the results on notice or published, with the radar, and
 * objects during the notice. The office confirms from its review queue (the flow's detail page). A step of the flow
 * (a bell message, a push) refreshes the page.
 */
export default function FinalEvaluationView({ active }: ViewProps) {
  const { e } = useFinalT();
  const session = useReadySession();
  const roles = session?.info.roles ?? [];
  const family = roles.some((r) => FAMILY.includes(r));
  const head = roles.includes(RoleCode.headTeacher);
  const children = useMyStudents(active && family);
  const classes = useFinalClasses(active && head);
  const client = useQueryClient();
  useRealtime('workflow.transitioned', (p) => {
    if (p.flow === FINAL_FLOW) void client.invalidateQueries({ queryKey: finalKeys.all });
  });
  return (
    <div className="sf-page sf-final" data-testid="final-evaluation-page">
      <h2>{e('final.title')}</h2>
      {head && classes.data ? <HeadTeacherClasses rows={classes.data} /> : null}
      {head && classes.isError ? <Message negative content={errorMessage(classes.error)} /> : null}
      {children.map((s) => (
        <StudentEvaluations key={s.id} studentId={s.id} name={s.name} />
      ))}
    </div>
  );
}

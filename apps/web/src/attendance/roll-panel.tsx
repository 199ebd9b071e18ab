import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button, Form, Label, Loader, Message, Segment, Table } from 'semantic-ui-react';
import { ATTENDANCE_STATUSES, type AttendanceRoll, type RollQuery, type RollSaveInput, rollSaveSchema, type RollSaveValues } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { EmptyState } from '../components/empty-state.js';
import { textParam, useViewParam } from '../router/use-view-param.js';
import { schoolToday } from '../timetable/week-grid-model.js';
import { firstMessage, namespacedMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { useAttendanceT } from './use-attendance-t.js';
import { useRoll } from './use-roll.js';
import { useRollClasses } from './use-roll-classes.js';
import { useSaveRoll } from './use-save-roll.js';


/** The form's values: the roll's slot and each student's mark, as the server's schema reads them. */
const formOf = (r: AttendanceRoll): RollSaveInput => ({ classId: r.classId, date: r.date, period: r.period, marks: r.students.map((s) => ({ studentId: s.studentId, status: s.status, note: s.note })) });

/**
 * 课堂点名 (docs/product/campus-life.md#attendance): a date, then one of the periods of the classes I head or teach
 * (taken ones marked); the roll lists the class's students — present unless saved otherwise, on leave (fixed) where an
 * approved leave covers the period. Saved by the class's head teacher or the period's teacher; others read it.
 */
export function RollPanel({ active }: { active: boolean }) {
  const { a } = useAttendanceT();
  // the day of the roll (`?date=`), today unless chosen
  const [date, setDate] = useViewParam('date', schoolToday(), textParam);
  const [slot, setSlot] = useState<RollQuery | null>(null);
  const classes = useRollClasses(date, active);
  const roll = useRoll(slot);
  const save = useSaveRoll();
  const { control, handleSubmit, reset, register, setValue, formState } = useForm<RollSaveInput, unknown, RollSaveValues>({ resolver: zodResolver(rollSaveSchema) });
  // the form follows the roll read (or saved): a new slot, or the server's answer after a save
  useEffect(() => {
    if (roll.data) reset(formOf(roll.data));
  }, [roll.data, reset]);
  const marks = useWatch({ control, name: 'marks' }) ?? [];
  const data = roll.data;
  const submit = handleSubmit(async (body) => {
    try {
      const res = await save.mutateAsync(body);
      toast.success(res.msg || a('results.saved'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  const formError = firstMessage(formState.errors);
  const counts = { present: 0, late: 0, absent: 0, leave: 0 };
  for (const m of marks) counts[m.status ?? 'present'] += 1;
  return (
    <div className="sf-attendance-roll" data-testid="roll-panel">
      <Form size="small">
        <Form.Field inline>
          <label htmlFor="roll-date">{a('fields.date')}</label>
          <input
            id="roll-date"
            type="date"
            value={date}
            max={schoolToday()}
            data-testid="roll-date"
            onChange={(e) => {
              setDate(e.target.value);
              setSlot(null);
            }}
          />
        </Form.Field>
      </Form>
      {classes.isLoading ? <Loader active inline="centered" size="small" /> : null}
      {classes.data?.holiday ? <Message info content={a('errors.holiday', { name: classes.data.holiday })} data-testid="roll-holiday" /> : null}
      {classes.data && !classes.data.holiday && classes.data.classes.length === 0 ? <EmptyState text={a('hints.noClasses')} testId="roll-no-classes" /> : null}
      <div className="sf-attendance-classes" data-testid="roll-classes">
        {(classes.data?.classes ?? []).map((c) => (
          <Segment key={c.classId} className="sf-attendance-class" data-testid="roll-class" data-class={c.className}>
            <strong>{c.className}</strong> {c.headTeacher ? <Label size="mini" color="teal" content={a('hints.headTeacher')} /> : null}
            <div className="sf-attendance-lessons">
              {c.lessons.map((l) => {
                const chosen = slot?.classId === c.classId && slot.period === l.period;
                return (
                  <Button
                    key={l.period}
                    size="mini"
                    basic={!chosen}
                    primary={chosen}
                    data-testid="roll-lesson"
                    data-period={l.period}
                    data-taken={l.taken ? '1' : '0'}
                    onClick={() => setSlot({ classId: c.classId, date, period: l.period })}
                    title={`${l.start}–${l.end} ${l.teacherName}`}
                  >
                    {l.periodName} · {l.courseName}
                    {l.taken ? ` ✓` : ''}
                  </Button>
                );
              })}
            </div>
          </Segment>
        ))}
      </div>
      {!slot && classes.data && classes.data.classes.length > 0 ? <div className="sf-hint">{a('hints.chooseLesson')}</div> : null}
      {slot && roll.isLoading ? <Loader active inline="centered" size="small" /> : null}
      {roll.error ? <Message negative content={errorMessage(roll.error)} /> : null}
      {data ? (
        <Segment data-testid="roll-sheet" data-editable={data.editable ? '1' : '0'}>
          <div className="sf-attendance-roll-head">
            <h4>
              {data.className} · {data.date} · {data.lesson.periodName} {data.lesson.start}–{data.lesson.end} · {data.lesson.courseName} ({data.lesson.teacherName})
            </h4>
            <span className="sf-sub" data-testid="roll-taken">
              {data.takenBy ? `${a('fields.takenBy')}: ${data.takenBy} ${data.takenAt ?? ''}` : a('hints.notTaken')}
            </span>
          </div>
          <div className="sf-hint" data-testid="roll-summary">
            {a('summary', counts)}
          </div>
          {!data.editable ? <Message info size="small" content={a('hints.readOnly')} /> : null}
          <Form onSubmit={() => void submit()}>
            <Table compact unstackable celled className="sf-table" data-testid="roll-table">
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>{a('fields.studentNo')}</Table.HeaderCell>
                  <Table.HeaderCell>{a('fields.student')}</Table.HeaderCell>
                  <Table.HeaderCell>{a('fields.status')}</Table.HeaderCell>
                  <Table.HeaderCell>{a('fields.note')}</Table.HeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.students.map((s, i) => (
                  <Table.Row key={s.studentId} data-testid="roll-row" data-student-no={s.studentNo} data-status={marks[i]?.status ?? s.status}>
                    <Table.Cell>{s.studentNo}</Table.Cell>
                    <Table.Cell>
                      {s.name}
                      {s.leave ? <div className="sf-hint" data-testid="roll-leave">{a('hints.onLeave', { start: s.leave.start, end: s.leave.end })}</div> : null}
                    </Table.Cell>
                    <Table.Cell>
                      <Controller
                        control={control}
                        name={`marks.${i}.status`}
                        render={({ field }) => (
                          <Button.Group size="mini">
                            {ATTENDANCE_STATUSES.map((st) => (
                              <Button
                                key={st}
                                type="button"
                                className={`sf-status-${st}`}
                                active={field.value === st}
                                primary={field.value === st}
                                disabled={!data.editable || s.leave !== null}
                                data-testid={`roll-status-${st}`}
                                onClick={() => field.onChange(st)}
                              >
                                {a(`statuses.${st}`)}
                              </Button>
                            ))}
                          </Button.Group>
                        )}
                      />
                    </Table.Cell>
                    <Table.Cell>
                      <input className="sf-attendance-note" maxLength={110} disabled={!data.editable} aria-label={a('fields.note')} data-testid="roll-note" {...register(`marks.${i}.note`)} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
            {formError ? <Message negative size="small" content={namespacedMessage(formError)} data-testid="roll-error" /> : null}
            {data.editable ? (
              <>
                <Button
                  type="button"
                  size="small"
                  content={a('actions.allPresent')}
                  data-testid="roll-all-present"
                  onClick={() => data.students.forEach((s, i) => setValue(`marks.${i}.status`, s.leave ? 'leave' : 'present'))}
                />
                <Button type="submit" primary size="small" loading={save.isPending} content={a('actions.save')} data-testid="roll-save" />
              </>
            ) : null}
          </Form>
        </Segment>
      ) : null}
    </div>
  );
}

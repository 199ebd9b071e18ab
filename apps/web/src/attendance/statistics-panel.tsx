import { Form, Loader, Message, Table } from 'semantic-ui-react';
import { ATTENDANCE_STATUSES, statisticsQuerySchema } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { EmptyRow } from '../components/empty-state.js';
import { textParam, useViewParam } from '../router/use-view-param.js';
import { schoolToday } from '../timetable/week-grid-model.js';
import { namespacedMessage } from '../util/form-errors.js';
import { useAttendanceStatistics } from './use-attendance-statistics.js';
import { useAttendanceT } from './use-attendance-t.js';

/** 考勤统计: a month's marks per class (mine, or the school's), and per student of the class chosen. */
export function StatisticsPanel({ active }: { active: boolean }) {
  const { a } = useAttendanceT();
  // the page's month and class (`?month=…&class=…`); this month and no class unless chosen
  const [month, setMonth] = useViewParam('month', schoolToday().slice(0, 7), textParam);
  const [chosenClass, setClassId] = useViewParam('class', '', textParam);
  const classId = chosenClass || null;
  // a month typed by hand in a browser without a month picker is checked by the shared schema before it is asked for
  const parsed = statisticsQuerySchema.safeParse({ month, classId: classId ?? '' });
  const stats = useAttendanceStatistics(month, classId, active && parsed.success);
  const classes = stats.data?.classes ?? [];
  return (
    <div data-testid="statistics-panel">
      <Form size="small">
        <Form.Group inline>
          <Form.Field>
            <label htmlFor="stats-month">{a('fields.month')}</label>
            <input id="stats-month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} data-testid="stats-month" />
          </Form.Field>
          <Form.Field>
            <label htmlFor="stats-class">{a('fields.className')}</label>
            <select id="stats-class" className="ui dropdown" value={classId ?? ''} onChange={(e) => setClassId(e.target.value)} data-testid="stats-class">
              <option value="">{a('hints.chooseClass')}</option>
              {classes.map((c) => (
                <option key={c.classId} value={c.classId}>
                  {c.className}
                </option>
              ))}
            </select>
          </Form.Field>
        </Form.Group>
      </Form>
      {!parsed.success ? <Message negative size="small" content={namespacedMessage(parsed.error.issues[0]?.message ?? '')} /> : null}
      {stats.isLoading ? <Loader active inline="centered" size="small" /> : null}
      {stats.error ? <Message negative content={errorMessage(stats.error)} /> : null}
      <Table compact unstackable celled className="sf-table" data-testid="stats-classes">
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>{a('fields.className')}</Table.HeaderCell>
            <Table.HeaderCell>{a('fields.rolls')}</Table.HeaderCell>
            {ATTENDANCE_STATUSES.map((s) => (
              <Table.HeaderCell key={s}>{a(`statuses.${s}`)}</Table.HeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {classes.length === 0 && !stats.isLoading ? <EmptyRow colSpan={6} text={a('empty')} /> : null}
          {classes.map((c) => (
            <Table.Row key={c.classId} data-testid="stats-class-row" data-class={c.className} active={c.classId === classId}>
              <Table.Cell>{c.className}</Table.Cell>
              <Table.Cell>{c.rolls}</Table.Cell>
              {ATTENDANCE_STATUSES.map((s) => (
                <Table.Cell key={s} data-status={s}>
                  {c[s]}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      {classId ? (
        <Table compact unstackable celled className="sf-table" data-testid="stats-students">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{a('fields.studentNo')}</Table.HeaderCell>
              <Table.HeaderCell>{a('fields.student')}</Table.HeaderCell>
              {ATTENDANCE_STATUSES.map((s) => (
                <Table.HeaderCell key={s}>{a(`statuses.${s}`)}</Table.HeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(stats.data?.students ?? []).map((s) => (
              <Table.Row key={s.studentId} data-testid="stats-student-row" data-student-no={s.studentNo}>
                <Table.Cell>{s.studentNo}</Table.Cell>
                <Table.Cell>{s.name}</Table.Cell>
                {ATTENDANCE_STATUSES.map((st) => (
                  <Table.Cell key={st} data-status={st}>
                    {s[st]}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      ) : null}
    </div>
  );
}

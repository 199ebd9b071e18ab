import { Label, Loader, Message, Table } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { EmptyRow } from '../components/empty-state.js';
import { useAbsences } from './use-absences.js';
import { useAttendanceT } from './use-attendance-t.js';

/** 今日缺勤: who is absent or late today across the school, by class and period — live as rolls are saved anywhere. */
export function AbsencesPanel({ active }: { active: boolean }) {
  const { a } = useAttendanceT();
  const absences = useAbsences(active);
  const list = absences.data?.list ?? [];
  return (
    <div data-testid="absences-panel">
      <div className="sf-hint">
        {absences.data?.date ?? ''} · {a('hints.live')}
      </div>
      {absences.isLoading ? <Loader active inline="centered" size="small" /> : null}
      {absences.error ? <Message negative content={errorMessage(absences.error)} /> : null}
      <Table compact unstackable celled className="sf-table" data-testid="absences-table">
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>{a('fields.className')}</Table.HeaderCell>
            <Table.HeaderCell>{a('fields.period')}</Table.HeaderCell>
            <Table.HeaderCell>{a('fields.course')}</Table.HeaderCell>
            <Table.HeaderCell>{a('fields.studentNo')}</Table.HeaderCell>
            <Table.HeaderCell>{a('fields.student')}</Table.HeaderCell>
            <Table.HeaderCell>{a('fields.status')}</Table.HeaderCell>
            <Table.HeaderCell>{a('fields.takenBy')}</Table.HeaderCell>
            <Table.HeaderCell>{a('fields.at')}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {list.length === 0 && !absences.isLoading ? <EmptyRow colSpan={8} text={a('absencesEmpty')} testId="absences-empty" /> : null}
          {list.map((r) => (
            <Table.Row key={`${r.classId}:${r.period}:${r.studentId}`} data-testid="absence-row" data-student-no={r.studentNo}>
              <Table.Cell>{r.className}</Table.Cell>
              <Table.Cell>{r.periodName}</Table.Cell>
              <Table.Cell>{r.courseName}</Table.Cell>
              <Table.Cell>{r.studentNo}</Table.Cell>
              <Table.Cell>{r.studentName}</Table.Cell>
              <Table.Cell>
                <Label size="mini" color={r.status === 'absent' ? 'red' : 'orange'} content={a(`statuses.${r.status}`)} />
                {r.note ? <span className="sf-sub"> {r.note}</span> : null}
              </Table.Cell>
              <Table.Cell>{r.takenBy}</Table.Cell>
              <Table.Cell>{r.at}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </div>
  );
}

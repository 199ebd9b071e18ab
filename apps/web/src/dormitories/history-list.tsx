import { Message, Table } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { PageLoader } from '../components/page-loader.js';
import type { HistoryOf } from './dormitories-client.js';
import { useAllocationHistory } from './use-allocation-history.js';
import { useDormitoriesT } from './use-dormitories-t.js';

/** The day-reading flow's removal keeps the request as its reason (`day-reading:{id}`): shown as the flow's name. */
const DAY_READING = /^day-reading:/;

/** A room's or a student's allocation history: who moved in, was taken out or left, where, by whom, when. */
export function HistoryList({ of }: { of: HistoryOf }) {
  const { d } = useDormitoriesT();
  const history = useAllocationHistory(of);
  if (history.isPending) return <PageLoader />;
  if (history.isError) return <Message negative content={errorMessage(history.error)} />;
  if (history.data.length === 0) return <Message info content={d('history.empty')} data-testid="dorm-history-empty" />;
  return (
    <Table compact unstackable size="small" data-testid="dorm-history">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{d('fields.at')}</Table.HeaderCell>
          <Table.HeaderCell>{d('fields.kind')}</Table.HeaderCell>
          <Table.HeaderCell>{d('fields.student')}</Table.HeaderCell>
          <Table.HeaderCell>{d('fields.bed')}</Table.HeaderCell>
          <Table.HeaderCell>{d('fields.actor')}</Table.HeaderCell>
          <Table.HeaderCell>{d('fields.reason')}</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {history.data.map((h, i) => (
          <Table.Row key={`${h.at}-${i}`}>
            <Table.Cell>{h.at}</Table.Cell>
            <Table.Cell>{d(`kinds.${h.kind}`)}</Table.Cell>
            <Table.Cell>
              {h.studentName} <span className="sf-sub">{h.studentNo}</span>
            </Table.Cell>
            <Table.Cell>{`${h.buildingName} ${h.roomCode}-${h.bedNo}`}</Table.Cell>
            <Table.Cell>{h.actorName ?? ''}</Table.Cell>
            <Table.Cell>{DAY_READING.test(h.reason) ? d('fields.dayReading') : h.reason}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}

import { DORMITORY_RECORDS_PERMISSION, formatSchoolTime } from '@schoolflow/contracts';
import { Button, Icon, Message, Segment, Table } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { useAuthorized } from '../components/authorized.js';
import { PageLoader } from '../components/page-loader.js';
import { Pager, usePaging } from '../components/pager.js';
import type { ViewProps } from '../router/view-props.js';
import { useDialogTarget } from '../util/use-disclosure.js';
import { NightRecordForm } from './night-record-form.js';
import { useDormitoriesT } from './use-dormitories-t.js';
import { useNightRecords } from './use-night-records.js';
import './dormitories.css';

/**
 * 晚归记录 (`/ssgl/wgjl`; docs/product/campus-life.md#night-records): late returns and nights away, newest first. Those
 * who record them (dormitories:records) see all and record more; a head teacher sees their classes' — the page a
 * record's bell message opens.
 */
export default function NightRecordsView({ active }: ViewProps) {
  const { d } = useDormitoriesT();
  const mayRecord = useAuthorized({ all: [DORMITORY_RECORDS_PERMISSION] });
  // the day the form opens with: taken when it opens (an event, not a render)
  const { target: adding, open: openForm, close: closeForm } = useDialogTarget<string>();
  const { current, size, setCurrent, setSize } = usePaging(20);
  const list = useNightRecords({}, current, size, active);
  return (
    <div className="sf-page sf-dorm" data-testid="dorm-night-view">
      <Segment className="sf-card">
        <h3>{d('page.night')}</h3>
        {mayRecord ? adding ? <NightRecordForm today={adding} onDone={closeForm} /> : <Button primary size="small" icon="plus" content={d('actions.record')} onClick={() => openForm(formatSchoolTime(Date.now()).slice(0, 10))} data-testid="dorm-night-new" /> : null}
        {list.isPending ? <PageLoader /> : list.isError ? <Message negative content={errorMessage(list.error)} /> : null}
        {list.data && list.data.list.length === 0 ? <Message info content={d('empty')} data-testid="dorm-night-empty" /> : null}
        {list.data && list.data.list.length > 0 ? (
          <Table compact unstackable data-testid="dorm-nights">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{d('fields.date')}</Table.HeaderCell>
                <Table.HeaderCell>{d('fields.kind')}</Table.HeaderCell>
                <Table.HeaderCell>{d('fields.student')}</Table.HeaderCell>
                <Table.HeaderCell>{d('fields.bed')}</Table.HeaderCell>
                <Table.HeaderCell>{d('fields.note')}</Table.HeaderCell>
                <Table.HeaderCell>{d('fields.recorder')}</Table.HeaderCell>
                <Table.HeaderCell>{d('fields.headTeacherTold')}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.data.list.map((n) => (
                <Table.Row key={n.id} data-testid={`dorm-night-${n.studentNo}`}>
                  <Table.Cell>{n.time ? `${n.date} ${n.time}` : n.date}</Table.Cell>
                  <Table.Cell>{d(`nightKinds.${n.kind}`)}</Table.Cell>
                  <Table.Cell>
                    {n.studentName} <span className="sf-sub">{`${n.studentNo} ${n.className}`}</span>
                  </Table.Cell>
                  <Table.Cell>{n.bed}</Table.Cell>
                  <Table.Cell>{n.note}</Table.Cell>
                  <Table.Cell>{n.recorderName}</Table.Cell>
                  <Table.Cell>{n.headTeacherTold ? <Icon name="check" color="green" /> : null}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        ) : null}
        {list.data ? <Pager current={current} size={size} total={list.data.total} onPage={setCurrent} onSize={setSize} /> : null}
      </Segment>
    </div>
  );
}

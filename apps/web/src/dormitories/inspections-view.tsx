import { formatSchoolTime } from '@schoolflow/contracts';
import { Button, Message, Segment, Table } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { AuthImage } from '../components/auth-image.js';
import { PageLoader } from '../components/page-loader.js';
import { Pager, usePaging } from '../components/pager.js';
import type { ViewProps } from '../router/view-props.js';
import { useDialogTarget } from '../util/use-disclosure.js';
import { InspectionForm } from './inspection-form.js';
import { useDormitoriesT } from './use-dormitories-t.js';
import { useInspections } from './use-inspections.js';
import './dormitories.css';

/** 卫生检查 (`/ssgl/wsjc`; docs/product/campus-life.md#inspections): rooms' hygiene scores with remarks and photos, newest first, and the form to record one (dormitories:records). */
export default function InspectionsView({ active }: ViewProps) {
  const { d } = useDormitoriesT();
  // the day the form opens with: taken when it opens (an event, not a render)
  const { target: adding, open: openForm, close: closeForm } = useDialogTarget<string>();
  const { current, size, setCurrent, setSize } = usePaging(20);
  const list = useInspections({}, current, size, active);
  return (
    <div className="sf-page sf-dorm" data-testid="dorm-inspections-view">
      <Segment className="sf-card">
        <h3>{d('page.inspections')}</h3>
        {adding ? <InspectionForm today={adding} onDone={closeForm} /> : <Button primary size="small" icon="plus" content={d('actions.add')} onClick={() => openForm(formatSchoolTime(Date.now()).slice(0, 10))} data-testid="dorm-inspection-new" />}
        {list.isPending ? <PageLoader /> : list.isError ? <Message negative content={errorMessage(list.error)} /> : null}
        {list.data && list.data.list.length === 0 ? <Message info content={d('empty')} /> : null}
        {list.data && list.data.list.length > 0 ? (
          <Table compact unstackable data-testid="dorm-inspections">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{d('fields.inspectedOn')}</Table.HeaderCell>
                <Table.HeaderCell>{d('fields.room')}</Table.HeaderCell>
                <Table.HeaderCell>{d('fields.score')}</Table.HeaderCell>
                <Table.HeaderCell>{d('fields.remark')}</Table.HeaderCell>
                <Table.HeaderCell>{d('fields.photos')}</Table.HeaderCell>
                <Table.HeaderCell>{d('fields.inspector')}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.data.list.map((i) => (
                <Table.Row key={i.id} data-testid={`dorm-inspection-${i.id}`}>
                  <Table.Cell>{i.inspectedOn}</Table.Cell>
                  <Table.Cell>{`${i.buildingName} ${i.roomCode}`}</Table.Cell>
                  <Table.Cell>{i.score}</Table.Cell>
                  <Table.Cell>{i.remark}</Table.Cell>
                  <Table.Cell>
                    {i.photos.map((p) => (
                      <AuthImage key={p.resId} resId={p.resId} alt={p.resName} className="sf-dorm-photo" />
                    ))}
                  </Table.Cell>
                  <Table.Cell>{i.inspectorName}</Table.Cell>
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

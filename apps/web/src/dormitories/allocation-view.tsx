import { DORMITORY_EDIT_PERMISSION } from '@schoolflow/contracts';
import { useMemo } from 'react';
import { Button, Grid, Menu, Message, Segment } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { useAuthorized } from '../components/authorized.js';
import { PageLoader } from '../components/page-loader.js';
import { kitText } from '../resources/resource-format.js';
import { RefSelect } from '../resources/ref-select.js';
import { useResourceList } from '../resources/use-resource-list.js';
import { useOptionLabels } from '../resources/use-resource-options.js';
import { textParam, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { useDisclosure } from '../util/use-disclosure.js';
import { BulkAllocationPanel } from './bulk-allocation-panel.js';
import { RoomBedsPanel } from './room-beds-panel.js';
import { useDormitoriesT } from './use-dormitories-t.js';
import './dormitories.css';

/**
 * 床位分配 (`/ssgl/cwfp`; docs/product/campus-life.md#allocation): the rooms of a building with how full each is, one
 * room's beds (attach, unassign, remove; its history and a sleeper's), and the bulk allocation by grade and gender
 * with its preview. Reading needs dormitories:list, allocating dormitories:edit — the server checks both.
 */
export default function AllocationView({ active }: ViewProps) {
  const { d } = useDormitoriesT();
  const mayEdit = useAuthorized({ all: [DORMITORY_EDIT_PERMISSION] });
  // the building and room chosen (`?building=…&room=…`)
  const [buildingId, setBuildingId] = useViewParam('building', '', textParam);
  const [roomId, setRoomId] = useViewParam('room', '', textParam);
  const bulk = useDisclosure();
  const rooms = useResourceList('dormitory-rooms', { current: 1, size: 500, keyword: '', filters: buildingId ? { buildingId } : {} }, active);
  const list = useMemo(() => rooms.data?.list ?? [], [rooms.data]);
  const wanted = useMemo(() => new Map([['dormitory-buildings', [...new Set(list.map((r) => String(r.buildingId)))]]]), [list]);
  const labels = useOptionLabels(wanted);
  const buildingName = (id: unknown) => labels.labelOf('dormitory-buildings', String(id)) ?? '';
  return (
    <div className="sf-page sf-dorm" data-testid="dorm-allocation-view">
      <Segment className="sf-card">
        <h3>{d('page.allocation')}</h3>
        <div className="sf-dorm-toolbar">
          <RefSelect source="dormitory-buildings" value={buildingId} onValue={(v) => setBuildingId(v ?? '')} testId="dorm-building" emptyText={d('fields.building')} />
          {mayEdit ? <Button size="small" toggle active={bulk.opened} icon="users" content={d('actions.bulk')} onClick={bulk.toggle} data-testid="dorm-bulk-toggle" /> : null}
        </div>
        {bulk.opened ? <BulkAllocationPanel rooms={list} buildingName={buildingName} /> : null}
        {rooms.isPending ? <PageLoader /> : rooms.isError ? <Message negative content={errorMessage(rooms.error)} /> : null}
        <Grid stackable>
          <Grid.Column width={5}>
            <Menu vertical fluid size="small" className="sf-dorm-rooms" data-testid="dorm-rooms">
              {list.map((r) => (
                <Menu.Item key={r.id} active={roomId === r.id} onClick={() => setRoomId(r.id)} data-testid={`dorm-room-${String(r.code)}`}>
                  {`${buildingName(r.buildingId)} ${String(r.code)}`}
                  <span className="sf-sub">{` ${kitText(`resource.enums.gender.${String(r.gender)}`)} ${d('fields.occupancy', { occupied: Number(r.occupied ?? 0), effective: Number(r.bedsEffective) })}`}</span>
                </Menu.Item>
              ))}
            </Menu>
          </Grid.Column>
          <Grid.Column width={11}>{roomId ? <RoomBedsPanel roomId={roomId} /> : <Message info content={d('fields.room')} />}</Grid.Column>
        </Grid>
      </Segment>
    </div>
  );
}

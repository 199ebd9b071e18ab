import { resourcePage, VEHICLE_BOOKING_FLOW, type VehicleBookingRow } from '@schoolflow/contracts';
import { flowOf } from '@schoolflow/workflows';
import { Link } from 'react-router-dom';
import { Label, Message, Segment, Table } from 'semantic-ui-react';
import type { ViewProps } from '../router/view-props.js';
import { useReadySession } from '../session/session-store.js';
import { FlowForm } from '../workflow/flow-form.js';
import { detailPath, stateLabel } from '../workflow/labels.js';
import { useFlowList } from '../workflow/use-flow-list.js';
import { useFlowView } from '../workflow/use-flow-view.js';
import { useDutyT } from './use-duty-t.js';
import './duty-rosters.css';

const NO_QUERY = {};

/** The bookings not ended yet (the flow's view), read while shown and every 30 s. */
function useUpcoming(active: boolean): VehicleBookingRow[] | null {
  return useFlowView<VehicleBookingRow[]>(VEHICLE_BOOKING_FLOW, 'upcoming', active ? NO_QUERY : null, 0, 30_000);
}

function StatusLabel({ row }: { row: VehicleBookingRow }) {
  const { d } = useDutyT();
  return <Label size="mini" color={row.status === 'passed' ? 'green' : 'orange'} content={d(`vehicle.status.${row.status}`)} />;
}

/**
 * 用车预订 (`/ycyd`, console; docs/product/office.md#vehicle-booking): every vehicle's bookings not ended yet, pending
 * and approved, in time order, each opening its request; the office keeps the vehicles (the resource's page).
 */
export function VehicleBookingsView({ active }: ViewProps) {
  const { d } = useDutyT();
  const rows = useUpcoming(active);
  const keepsVehicles = useReadySession()?.info.permission.includes('vehicles:edit') === true;
  return (
    <div className="sf-page" data-testid="vehicle-page">
      <Segment className="sf-card">
        <h3>{d('vehicle.hints.upcoming')}</h3>
        {keepsVehicles ? (
          <div className="sf-sub">
            <Link to={resourcePage('vehicles')}>{d('vehicle.hints.vehicles')}</Link>
          </div>
        ) : null}
        {rows !== null && rows.length === 0 ? <Message info size="small" content={d('vehicle.hints.none')} /> : null}
        {rows && rows.length > 0 ? (
          <Table compact unstackable data-testid="vehicle-bookings">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{d('vehicle.fields.plate')}</Table.HeaderCell>
                <Table.HeaderCell>{d('vehicle.fields.start')}</Table.HeaderCell>
                <Table.HeaderCell>{d('vehicle.fields.end')}</Table.HeaderCell>
                <Table.HeaderCell>{d('vehicle.fields.destination')}</Table.HeaderCell>
                <Table.HeaderCell>{d('vehicle.fields.passengers')}</Table.HeaderCell>
                <Table.HeaderCell>{d('vehicle.fields.applicant')}</Table.HeaderCell>
                <Table.HeaderCell>{d('vehicle.fields.status')}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.id} data-testid={`vehicle-booking-${r.id}`}>
                  <Table.Cell>
                    <Link to={detailPath(VEHICLE_BOOKING_FLOW, r.id)}>{r.plate}</Link>
                  </Table.Cell>
                  <Table.Cell>{r.start}</Table.Cell>
                  <Table.Cell>{r.end}</Table.Cell>
                  <Table.Cell>{r.destination}</Table.Cell>
                  <Table.Cell>{r.passengers}</Table.Cell>
                  <Table.Cell>{r.applicant}</Table.Cell>
                  <Table.Cell>
                    <StatusLabel row={r} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        ) : null}
      </Segment>
    </div>
  );
}

/**
 * 用车预订, the phone page (`/qt_app/ycyd`): the kit's form of the `vehicle-booking` flow (its vehicles the server's),
 * my requests with their state, and the vehicles' coming bookings so one picks a free time.
 */
export function VehiclePhoneView({ active }: ViewProps) {
  const { d, lang } = useDutyT();
  const def = flowOf(VEHICLE_BOOKING_FLOW);
  const mine = useFlowList({ scope: 'mine', flow: VEHICLE_BOOKING_FLOW, current: 1, size: 20 }, active);
  const rows = useUpcoming(active);
  return (
    <div className="sf-phone sf-duty-phone" data-testid="vehicle-phone">
      {def ? <FlowForm def={def} /> : null}
      <h4>{d('vehicle.hints.mine')}</h4>
      {mine.page.list.length === 0 ? <div className="sf-hint">{d('vehicle.hints.none')}</div> : null}
      <ul className="sf-duty-requests" data-testid="vehicle-mine">
        {mine.page.list.map((r) => (
          <li key={r.id} data-testid={`vehicle-mine-${r.id}`}>
            <Link to={detailPath(VEHICLE_BOOKING_FLOW, r.id)}>{String(r.form.vehicleId ?? '')}</Link> · {String(r.form.destination ?? '')} · <span data-testid={`vehicle-mine-state-${r.id}`}>{stateLabel(r.state, lang)}</span>
          </li>
        ))}
      </ul>
      <h4>{d('vehicle.hints.upcoming')}</h4>
      <div className="sf-duty-cards" data-testid="vehicle-upcoming">
        {(rows ?? []).map((r) => (
          <Segment key={r.id} className="sf-duty-card">
            <div className="sf-duty-head">
              <span className="sf-strong">{r.plate}</span>
              <StatusLabel row={r} />
            </div>
            <div className="sf-sub">
              {r.start} – {r.end} · {r.destination}
            </div>
          </Segment>
        ))}
      </div>
    </div>
  );
}

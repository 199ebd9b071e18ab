import { Button, Label, Menu, Message, Segment, Table } from 'semantic-ui-react';
import { REGISTRATION_MANAGE_PERMISSION, type RegistrationEvent } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { useAuthorized } from '../components/authorized.js';
import { EmptyState } from '../components/empty-state.js';
import { PageLoader } from '../components/page-loader.js';
import { Pager, usePaging } from '../components/pager.js';
import { oneOfParam, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { toast } from '../util/toast.js';
import { useDisclosure } from '../util/use-disclosure.js';
import { EventForm } from './event-form.js';
import { useCancelSignUp } from './use-cancel-sign-up.js';
import { useCheckIn } from './use-check-in.js';
import { useEvents } from './use-events.js';
import { useMyRegistrations } from './use-my-registrations.js';
import { useRegistrationsLive } from './use-registrations-live.js';
import { useRegistrationsT } from './use-registrations-t.js';
import { useRoster } from './use-roster.js';
import { useSignUp } from './use-sign-up.js';
import { labelled } from '../i18n/punctuation.js';

const tabParam = oneOfParam(['events', 'mine'] as const);

/**
 * 讲座 (/jiangzuo/jzhd; docs/product/class-walking-and-registrations.md#pages): lectures and activities with their
 * places left and the caller's own state (sign up, join the waitlist, cancel); a student's own list with the lectures
 * attended against the twelve; organisers publish and open an event's roster to check students in. Live: a promotion
 * from the waitlist shows at once (and rings the bell).
 */
export default function RegistrationsView({ active }: ViewProps) {
  const { r } = useRegistrationsT();
  const [shown, setTab] = useViewParam('tab', 'events', tabParam);
  const student = useAuthorized({ roles: ['student'] });
  // only a student has a list of their own
  const tab = student ? shown : 'events';
  useRegistrationsLive();
  return (
    <div className="sf-page" data-testid="reg-page">
      <Segment className="sf-card">
        <h3>{r('page.title')}</h3>
        <Menu secondary pointing size="small">
          <Menu.Item active={tab === 'events'} onClick={() => setTab('events')} data-testid="reg-tab-events">
            {r('page.events')}
          </Menu.Item>
          {student ? (
            <Menu.Item active={tab === 'mine'} onClick={() => setTab('mine')} data-testid="reg-tab-mine">
              {r('page.mine')}
            </Menu.Item>
          ) : null}
        </Menu>
        {tab === 'events' ? <EventList active={active} /> : <MyList active={active} />}
      </Segment>
    </div>
  );
}

function EventList({ active }: { active: boolean }) {
  const { r } = useRegistrationsT();
  const manager = useAuthorized({ all: [REGISTRATION_MANAGE_PERMISSION] });
  const creating = useDisclosure();
  const { current, size, setCurrent, setSize } = usePaging(20);
  const events = useEvents(current, size, active);
  return (
    <div data-testid="reg-events">
      {manager ? <Button primary size="small" icon="plus" content={r('page.manage')} onClick={creating.open} data-testid="reg-new" /> : null}
      {creating.opened ? <EventForm onDone={creating.close} /> : null}
      {events.isPending ? <PageLoader /> : events.isError ? <Message negative content={errorMessage(events.error)} /> : null}
      {events.data && events.data.list.length === 0 ? <EmptyState icon="microphone" text={r('mine.empty')} /> : null}
      {events.data?.list.map((e) => <EventCard key={e.id} e={e} />)}
      {events.data ? <Pager current={current} size={size} total={events.data.total} onPage={setCurrent} onSize={setSize} /> : null}
    </div>
  );
}

function EventCard({ e }: { e: RegistrationEvent }) {
  const { r } = useRegistrationsT();
  const signUp = useSignUp();
  const cancel = useCancelSignUp();
  const roster = useDisclosure();
  const full = e.registered >= e.capacity;
  const started = e.phase === 'ended' || (e.phase === 'closed' && e.mine === null);
  const join = () => signUp.mutate(e.id, { onSuccess: (res) => toast.success(res.msg || r('results.registered')), onError: (err) => toast.error(errorMessage(err)) });
  const leave = () => cancel.mutate(e.id, { onSuccess: (res) => toast.success(res.msg || r('results.cancelled')), onError: (err) => toast.error(errorMessage(err)) });
  return (
    <Segment data-testid="reg-event" data-id={e.id} data-title={e.title} data-state={e.mine?.state ?? ''}>
      <h4>
        <Label size="small" color={e.kind === 'lecture' ? 'teal' : 'orange'}>
          {r(`kinds.${e.kind}`)}
        </Label>{' '}
        {e.title} <Label size="small">{r(`phases.${e.phase}`)}</Label>
      </h4>
      <p>
        {e.speaker ? `${labelled(r('fields.speaker'), e.speaker)} · ` : ''}
        {`${labelled(r('fields.place'), e.place)} · ${e.start} ~ ${e.end}`}
      </p>
      <p className="sf-hint">{`${r('fields.registrationStart')} ${e.registrationStart} · ${r('fields.registrationEnd')} ${e.registrationEnd} · ${r('fields.organiser')} ${e.organiserName}`}</p>
      <p data-testid="reg-seats">{r('fields.seats', { registered: e.registered, capacity: e.capacity, waitlisted: e.waitlisted })}</p>
      {e.mine ? (
        <p data-testid="reg-mine-state">
          <Label color={e.mine.state === 'registered' ? 'green' : 'yellow'}>{r(`states.${e.mine.state}`)}</Label>
          {e.mine.position !== null ? ` ${r('mine.position', { position: e.mine.position })}` : ''}
          {e.mine.checkedIn ? ` ${r('mine.checkedIn')}` : ''}
        </p>
      ) : null}
      {e.mine === null && e.phase === 'open' ? <Button primary size="small" loading={signUp.isPending} content={r(full ? 'actions.joinWaitlist' : 'actions.signUp')} onClick={join} data-testid="reg-sign-up" /> : null}
      {e.mine !== null && !started && e.phase !== 'ended' ? <Button size="small" loading={cancel.isPending} content={r('actions.cancel')} onClick={leave} data-testid="reg-cancel" /> : null}
      {e.manageable ? <Button basic size="small" icon="users" content={r('actions.roster')} onClick={roster.toggle} data-testid="reg-roster-open" /> : null}
      {roster.opened ? <Roster id={e.id} /> : null}
    </Segment>
  );
}

function Roster({ id }: { id: string }) {
  const { r } = useRegistrationsT();
  const roster = useRoster(id, true);
  const checkIn = useCheckIn(id);
  if (!roster.data) return roster.isError ? <Message negative content={errorMessage(roster.error)} /> : <PageLoader />;
  if (roster.data.length === 0) return <EmptyState icon="users" text={r('roster.empty')} />;
  return (
    <Table compact size="small" data-testid="reg-roster">
      <Table.Header>
        <Table.Row>
          {(['name', 'className', 'state', 'signedUpAt', 'checkedInAt'] as const).map((k) => (
            <Table.HeaderCell key={k}>{r(`roster.${k}`)}</Table.HeaderCell>
          ))}
          <Table.HeaderCell />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {roster.data.map((row) => (
          <Table.Row key={row.userId} data-testid="reg-roster-row" data-state={row.state}>
            <Table.Cell>{row.name}</Table.Cell>
            <Table.Cell>{row.className}</Table.Cell>
            <Table.Cell>{row.state === 'waitlisted' ? r('mine.position', { position: row.position ?? 0 }) : r(`states.${row.state}`)}</Table.Cell>
            <Table.Cell>{row.signedUpAt}</Table.Cell>
            <Table.Cell>{row.checkedInAt ?? ''}</Table.Cell>
            <Table.Cell>
              {row.state === 'registered' && !row.checkedInAt ? (
                <Button
                  size="mini"
                  content={r('actions.checkIn')}
                  data-testid="reg-check-in"
                  onClick={() => checkIn.mutate(row.userId, { onSuccess: (res) => toast.success(res.msg || r('results.checkedIn')), onError: (err) => toast.error(errorMessage(err)) })}
                />
              ) : null}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}

function MyList({ active }: { active: boolean }) {
  const { r } = useRegistrationsT();
  const mine = useMyRegistrations(active);
  if (!mine.data) return mine.isError ? <Message negative content={errorMessage(mine.error)} /> : <PageLoader />;
  return (
    <div data-testid="reg-my-list">
      <Message info size="small" data-testid="reg-lectures" content={r('mine.lectures', { attended: mine.data.lecturesAttended, required: mine.data.lecturesRequired })} />
      {mine.data.list.length === 0 ? (
        <EmptyState icon="microphone" text={r('mine.empty')} />
      ) : (
        <Table compact size="small">
          <Table.Body>
            {mine.data.list.map((row) => (
              <Table.Row key={row.eventId} data-testid="reg-my-row" data-state={row.state}>
                <Table.Cell>{r(`kinds.${row.kind}`)}</Table.Cell>
                <Table.Cell>{row.title}</Table.Cell>
                <Table.Cell>{`${row.start} · ${row.place}`}</Table.Cell>
                <Table.Cell>{row.state === 'waitlisted' ? r('mine.position', { position: row.position ?? 0 }) : r(`states.${row.state}`)}</Table.Cell>
                <Table.Cell>{row.checkedInAt ? r('mine.checkedIn') : ''}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
    </div>
  );
}

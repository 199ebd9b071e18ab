import { DORMITORY_EDIT_PERMISSION } from '@schoolflow/contracts';
import { useState } from 'react';
import { Button, Card, Header, Message } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { useAuthorized } from '../components/authorized.js';
import { confirmAction } from '../components/confirm-store.js';
import { PageLoader } from '../components/page-loader.js';
import { toast } from '../util/toast.js';
import { AttachPicker } from './attach-picker.js';
import { HistoryList } from './history-list.js';
import { useReleaseBed } from './use-allocate.js';
import { useDormitoriesT } from './use-dormitories-t.js';
import { useRoomBeds } from './use-room-beds.js';
import { labelled } from '../i18n/punctuation.js';

/**
 * One room's beds (docs/product/campus-life.md#allocation): each bed free, taken (by whom) or out of use (above the
 * effective beds). With dormitories:edit a free bed takes a student and a taken one is unassigned or removed; the
 * room's history and a sleeper's own open below.
 */
export function RoomBedsPanel({ roomId }: { roomId: string }) {
  const { d } = useDormitoriesT();
  const beds = useRoomBeds(roomId);
  const release = useReleaseBed();
  const mayEdit = useAuthorized({ all: [DORMITORY_EDIT_PERMISSION] });
  const [picking, setPicking] = useState<number | null>(null);
  const [history, setHistory] = useState<{ roomId: string } | { studentId: string } | null>(null);
  if (beds.isPending) return <PageLoader />;
  if (beds.isError) return <Message negative content={errorMessage(beds.error)} />;
  const room = beds.data;
  const out = async (studentId: string, name: string, kind: 'unassign' | 'remove') => {
    if (!(await confirmAction(labelled(d(`actions.${kind}`), name)))) return;
    try {
      const res = await release.mutateAsync({ studentId, kind, reason: '' });
      toast.success(res.msg || d(kind === 'unassign' ? 'results.unassigned' : 'results.removed'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <div data-testid="dorm-room-beds">
      <Header as="h4">
        {`${room.buildingName} ${room.code}`}
        <Header.Subheader>{d('fields.occupancy', { occupied: room.beds.filter((b) => b.occupant).length, effective: room.bedsEffective })}</Header.Subheader>
      </Header>
      <Card.Group itemsPerRow={3} stackable>
        {room.beds.map((b) => (
          <Card key={b.bedNo} className={b.inUse ? '' : 'sf-dorm-bed-off'} data-testid={`dorm-bed-${b.bedNo}`}>
            <Card.Content>
              <Card.Header>{d('fields.bedNo', { n: b.bedNo })}</Card.Header>
              {b.occupant ? (
                <Card.Description>
                  <a role="button" tabIndex={0} onClick={() => setHistory({ studentId: b.occupant?.studentId ?? '' })} data-testid={`dorm-occupant-${b.occupant.studentNo}`}>
                    {b.occupant.name}
                  </a>
                  <div className="sf-sub">{`${b.occupant.studentNo} ${b.occupant.className}`}</div>
                </Card.Description>
              ) : (
                <Card.Meta>{b.inUse ? d('fields.free') : d('fields.outOfUse')}</Card.Meta>
              )}
            </Card.Content>
            {mayEdit && b.inUse ? (
              <Card.Content extra>
                {b.occupant ? (
                  <>
                    <Button size="mini" content={d('actions.unassign')} onClick={() => void out(b.occupant?.studentId ?? '', b.occupant?.name ?? '', 'unassign')} data-testid={`dorm-unassign-${b.bedNo}`} />
                    <Button size="mini" negative basic content={d('actions.remove')} onClick={() => void out(b.occupant?.studentId ?? '', b.occupant?.name ?? '', 'remove')} data-testid={`dorm-remove-${b.bedNo}`} />
                  </>
                ) : picking === b.bedNo ? (
                  <AttachPicker roomId={room.roomId} bedNo={b.bedNo} onDone={() => setPicking(null)} />
                ) : (
                  <Button size="mini" primary content={d('actions.attach')} onClick={() => setPicking(b.bedNo)} data-testid={`dorm-attach-${b.bedNo}`} />
                )}
              </Card.Content>
            ) : null}
          </Card>
        ))}
      </Card.Group>
      <div className="sf-dorm-actions">
        <Button size="small" icon="history" content={d('actions.history')} onClick={() => setHistory({ roomId: room.roomId })} data-testid="dorm-room-history" />
        {history ? <Button size="small" basic content={d('actions.close')} onClick={() => setHistory(null)} /> : null}
      </div>
      {history ? <HistoryList of={history} /> : null}
    </div>
  );
}

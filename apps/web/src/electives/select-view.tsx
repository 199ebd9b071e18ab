import { useEffect, useState } from 'react';
import { Button, Label, Message, Segment, Table } from 'semantic-ui-react';
import type { ElectiveBatch, ElectiveOffer } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { PageLoader } from '../components/page-loader.js';
import { textParam, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { toast } from '../util/toast.js';
import { slotsText } from './slot-text.js';
import { useBatchOffers } from './use-batch-offers.js';
import { useClock } from './use-clock.js';
import { useDropCourse } from './use-drop-course.js';
import { useElectiveBatches } from './use-elective-batches.js';
import { useElectiveSeatsLive } from './use-elective-seats-live.js';
import { useElectivesT } from './use-electives-t.js';
import { useMyElectives } from './use-my-electives.js';
import { useSavePreferences } from './use-save-preferences.js';
import { useSelectCourse } from './use-select-course.js';
import { labelled } from '../i18n/punctuation.js';

/** Ranked choices of a lottery batch: add, move up, remove, save. */
function Preferences({ batch, offers }: { batch: ElectiveBatch; offers: ElectiveOffer[] }) {
  const { e } = useElectivesT();
  const mine = useMyElectives(batch.id);
  const save = useSavePreferences(batch.id);
  const [ranked, setRanked] = useState<string[] | null>(null);
  const now = useClock();
  const list = ranked ?? mine.data?.preferences ?? [];
  const name = (id: string) => offers.find((o) => o.courseId === id)?.name ?? id;
  const open = batch.state === 'inProgress' && Date.parse(batch.end) > now;
  return (
    <Segment data-testid="elective-preferences">
      <h4>{e('web.preferences')}</h4>
      <ol>
        {list.map((id, i) => (
          <li key={id} data-testid={`preference-${i + 1}`}>
            {name(id)}{' '}
            {open && i > 0 && <Button size="mini" basic content={e('web.up')} onClick={() => setRanked([...list.slice(0, i - 1), id, list[i - 1] as string, ...list.slice(i + 1)])} />}
            {open && <Button size="mini" basic content={e('web.removePreference')} onClick={() => setRanked(list.filter((x) => x !== id))} />}
          </li>
        ))}
      </ol>
      {open && (
        <>
          <div>
            {offers
              .filter((o) => !list.includes(o.courseId))
              .map((o) => (
                <Button key={o.courseId} size="mini" content={labelled(e('web.addPreference'), o.name)} onClick={() => setRanked([...list, o.courseId])} data-testid={`prefer-${o.name}`} />
              ))}
          </div>
          <Button
            primary
            size="small"
            style={{ marginTop: '0.5em' }}
            loading={save.isPending}
            content={e('web.savePreferences')}
            data-testid="preferences-save"
            onClick={() => save.mutate(list, { onSuccess: () => toast.success(e('web.preferencesSaved')) })}
          />
        </>
      )}
      {save.isError && <Message negative size="small" content={errorMessage(save.error)} data-testid="elective-error" />}
    </Segment>
  );
}

/** The courses of one batch with their live seats, and what I chose. */
function BatchPanel({ batch }: { batch: ElectiveBatch }) {
  const { e } = useElectivesT();
  useElectiveSeatsLive(batch.id);
  const offers = useBatchOffers(batch.id);
  const mine = useMyElectives(batch.id);
  const select = useSelectCourse(batch.id);
  const drop = useDropCourse(batch.id);
  // the last choice's refusal: each choice forgets the other's, as Dismiss forgets both
  const failed = select.error ?? drop.error;
  const refusal = failed ? errorMessage(failed) : null;
  const dismiss = () => {
    select.reset();
    drop.reset();
  };
  const now = useClock();
  if (offers.isPending || mine.isPending) return <PageLoader />;
  if (offers.isError) return <Message negative content={errorMessage(offers.error)} />;
  const chosen = mine.data?.courseIds ?? [];
  const firstCome = batch.mode === 'first-come' || (batch.drawnAt !== null && batch.leftoverEnd !== null && Date.parse(batch.end) <= now);
  const selecting = batch.state === 'inProgress' && firstCome;
  return (
    <div data-testid="elective-batch">
      <p>
        <Label color={batch.state === 'inProgress' ? 'green' : batch.state === 'ended' ? 'red' : 'grey'} data-testid="elective-state">
          {e(`states.${batch.state}`)}
        </Label>{' '}
        {e(`modes.${batch.mode}`)} · {e('web.mine', { n: chosen.length, max: batch.maxPerStudent })} · <span className="sf-hint">{e('web.live')}</span>
      </p>
      {refusal && <Message negative content={refusal} onDismiss={dismiss} data-testid="elective-error" />}
      <div className="sf-table-wrap">
        <Table compact celled unstackable className="sf-table">
          <Table.Header>
            <Table.Row>
              {(['name', 'teacher', 'slots', 'capacity', 'remaining', 'action'] as const).map((c) => (
                <Table.HeaderCell key={c}>{e(`web.column.${c}`)}</Table.HeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {offers.data.map((o) => {
              const held = chosen.includes(o.courseId);
              return (
                <Table.Row key={o.courseId} data-testid={`offer-${o.name}`}>
                  <Table.Cell title={o.description}>{o.name}</Table.Cell>
                  <Table.Cell>{o.teacherName}</Table.Cell>
                  <Table.Cell>{slotsText(o.slots)}</Table.Cell>
                  <Table.Cell>{o.capacity}</Table.Cell>
                  <Table.Cell data-testid="offer-remaining">{o.remaining}</Table.Cell>
                  <Table.Cell>
                    {held && <Label size="small" color="blue" content={e('web.selected')} />}
                    {selecting && !held && (
                      <Button
                        size="mini"
                        primary
                        content={o.remaining > 0 ? e('web.select') : e('web.full')}
                        data-testid="offer-select"
                        onClick={() => {
                          drop.reset();
                          select.mutate(o.courseId, { onSuccess: () => toast.success(e('web.selectedOk')) });
                        }}
                      />
                    )}
                    {selecting && held && (
                      <Button size="mini" basic content={e('web.drop')} data-testid="offer-drop" onClick={() => {
                          select.reset();
                          drop.mutate(o.courseId, { onSuccess: () => toast.success(e('web.droppedOk')) });
                        }} />
                    )}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table>
      </div>
      {batch.mode === 'lottery' && <Preferences batch={batch} offers={offers.data} />}
    </div>
  );
}

/** 学生选课 (/elective/xsxk): the batches of my grade; the chosen one's courses, seats falling live as others choose. */
export default function SelectView(_props: ViewProps) {
  const { e } = useElectivesT();
  const batches = useElectiveBatches();
  // the batch chosen (`?batch=`); none is the one in progress
  const [chosen, setChosen] = useViewParam('batch', '', textParam);
  const now = useClock(5000);
  const list = batches.data ?? [];
  const current = list.find((b) => b.id === chosen) ?? list.find((b) => b.state === 'inProgress') ?? list[0];
  // the state moves by time: read the batches again at the next edge of the shown one's window
  const edge = current ? [current.start, current.end, current.leftoverEnd].map((t) => (t ? Date.parse(t) : 0)).find((t) => t > now) : undefined;
  const refetch = batches.refetch;
  useEffect(() => {
    if (!edge) return undefined;
    const timer = setTimeout(() => void refetch(), Math.min(Math.max(0, edge - now) + 500, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [edge, now, refetch]);
  if (batches.isPending) return <PageLoader />;
  if (batches.isError) return <Message negative content={errorMessage(batches.error)} />;
  return (
    <div className="sf-page" data-testid="elective-select">
      <h2>{e('page.select')}</h2>
      {list.length === 0 ? (
        <Segment placeholder textAlign="center">
          {e('web.noBatch')}
        </Segment>
      ) : (
        <>
          <label htmlFor="elective-batch-choose">{e('web.chooseBatch')}</label>{' '}
          <select id="elective-batch-choose" data-testid="elective-batch-choose" value={current?.id ?? ''} onChange={(ev) => setChosen(ev.target.value)}>
            {list.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
          {current && <BatchPanel key={current.id} batch={current} />}
        </>
      )}
    </div>
  );
}

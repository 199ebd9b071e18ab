import { Button, Label, Message, Table } from 'semantic-ui-react';
import { formatSchoolTime } from '@schoolflow/contracts';
import { errorMessage, reportError } from '../api/http.js';
import { PageLoader } from '../components/page-loader.js';
import { textParam, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { toast } from '../util/toast.js';
import { useDisclosure } from '../util/use-disclosure.js';
import { BatchForm } from './batch-form.js';
import { DrawPanel, RostersPanel } from './batch-tools.js';
import { useClock } from './use-clock.js';
import { useDeleteBatch } from './use-delete-batch.js';
import { useElectiveBatches } from './use-elective-batches.js';
import { useElectiveCourses } from './use-elective-courses.js';
import { useElectivesT } from './use-electives-t.js';

const when = (iso: string) => formatSchoolTime(Date.parse(iso)).slice(0, 16);
const COLOUR = { notStarted: 'grey', inProgress: 'green', ended: 'red' } as const;

/** 选课批次 (/elective/xkpc): the office's batches — a new one, the rosters and their export, the lottery's draw. */
export default function BatchesView(_props: ViewProps) {
  const { e } = useElectivesT();
  const batches = useElectiveBatches();
  const courses = useElectiveCourses();
  const remove = useDeleteBatch();
  const creating = useDisclosure();
  // the batch whose rosters are shown (`?batch=`)
  const [open, setOpen] = useViewParam('batch', '', textParam);
  const now = useClock();
  if (batches.isPending || courses.isPending) return <PageLoader />;
  if (batches.isError) return <Message negative content={errorMessage(batches.error)} />;
  const semesterId = courses.data?.[0]?.semesterId ?? '';
  return (
    <div className="sf-page" data-testid="elective-batches">
      <h2>{e('page.batches')}</h2>
      {creating.opened ? (
        <BatchForm semesterId={semesterId} onDone={creating.close} />
      ) : (
        <Button primary size="small" icon="add" content={e('web.newBatch')} onClick={creating.open} data-testid="batch-new" disabled={!semesterId} />
      )}
      <div className="sf-table-wrap">
        <Table compact celled unstackable className="sf-table">
          <Table.Header>
            <Table.Row>
              {(['name', 'mode', 'state', 'window', 'max', 'seats', 'action'] as const).map((c) => (
                <Table.HeaderCell key={c}>{c === 'name' ? e('web.batchForm.name') : e(`web.column.${c}`)}</Table.HeaderCell>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {batches.data.map((b) => (
              <Table.Row key={b.id} data-testid={`batch-${b.name}`}>
                <Table.Cell>{b.name}</Table.Cell>
                <Table.Cell>{e(`modes.${b.mode}`)}</Table.Cell>
                <Table.Cell>
                  <Label size="small" color={COLOUR[b.state]} data-testid="batch-state">
                    {e(`states.${b.state}`)}
                  </Label>
                </Table.Cell>
                <Table.Cell>
                  {when(b.start)} – {when(b.leftoverEnd ?? b.end)}
                </Table.Cell>
                <Table.Cell>{b.maxPerStudent}</Table.Cell>
                <Table.Cell>
                  {b.taken}/{b.seats}
                </Table.Cell>
                <Table.Cell>
                  <Button size="mini" content={e('web.rosters')} onClick={() => setOpen(open === b.id ? '' : b.id)} data-testid="batch-rosters" />
                  {b.state === 'notStarted' && (
                    <Button
                      size="mini"
                      negative
                      content={e('web.delete')}
                      onClick={() => remove.mutate(b.id, { onSuccess: () => toast.success(e('web.deleted')), onError: reportError })}
                    />
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </div>
      {batches.data
        .filter((b) => b.id === open)
        .map((b) => (
          <div key={b.id}>
            <h3>
              {b.name} · {e('web.rosters')}
            </h3>
            {b.mode === 'lottery' && Date.parse(b.end) <= now && <DrawPanel batch={b} />}
            <RostersPanel batch={b} />
          </div>
        ))}
    </div>
  );
}

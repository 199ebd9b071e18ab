import { useForm } from 'react-hook-form';
import { Button, Form, Message, Table } from 'semantic-ui-react';
import { electiveDrawSchema, type ElectiveBatch } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { useT } from '../i18n/use-t.js';
import { adminResolver } from '../views/ms/admin-resolver.js';
import { electivesText, useElectivesT } from './use-electives-t.js';
import { useDrawLottery } from './use-draw-lottery.js';
import { useExportRosters } from './use-export-rosters.js';
import { useRosters } from './use-rosters.js';
import { listOf, withNote } from '../i18n/punctuation.js';

/** The draw's seed as typed: none typed is no seed (the server picks one), else the shared schema's rules. */
const drawResolver = adminResolver(electiveDrawSchema, (d: { seed: string }) => ({ seed: d.seed.trim() || undefined }));

/** 抽签 of an ended lottery batch: an optional seed; the result names the seed and its check code (the same seed, the same code). */
export function DrawPanel({ batch }: { batch: ElectiveBatch }) {
  const { e } = useElectivesT();
  const { tv } = useT();
  const { register, handleSubmit, formState } = useForm({ defaultValues: { seed: '' }, resolver: drawResolver });
  const draw = useDrawLottery(batch.id);
  const result = draw.data;
  const error = formState.errors.seed?.message;
  const run = handleSubmit((body) => draw.mutate(body.seed));
  return (
    <Form className="sf-elective-draw" data-testid="elective-draw" onSubmit={() => void run()}>
      <div className="ui small input" data-testid="elective-seed">
        <input placeholder={e('web.seed')} aria-invalid={Boolean(error)} {...register('seed')} />
      </div>{' '}
      <Button type="submit" size="small" primary loading={draw.isPending} data-testid="elective-draw-run" content={e('web.draw')} />
      <FieldError testId="elective-seed" error={error ? tv(error) : undefined} />
      {draw.isError && <Message negative size="small" content={errorMessage(draw.error)} />}
      {result && (
        <Message positive size="small" data-testid="elective-draw-result">
          {e('web.drawn', { seed: result.seed, byPreference: result.byPreference, leftover: result.leftover, digest: result.digest.slice(0, 12) })}
        </Message>
      )}
    </Form>
  );
}

/** 选课名单: each course's students, and the Excel export. */
export function RostersPanel({ batch }: { batch: ElectiveBatch }) {
  const { e } = useElectivesT();
  const rosters = useRosters(batch.id, true);
  const exporting = useExportRosters();
  if (rosters.isPending) return null;
  if (rosters.isError) return <Message negative content={errorMessage(rosters.error)} />;
  return (
    <div data-testid="elective-rosters">
      <Button size="small" icon="download" content={e('web.export')} loading={exporting.isPending} onClick={() => exporting.mutate({ id: batch.id, fileName: electivesText('export.file', { name: batch.name }) })} data-testid="elective-export" />
      <Table compact celled size="small">
        <Table.Body>
          {rosters.data.map((r) => (
            <Table.Row key={r.courseId} data-testid={`roster-${r.courseName}`}>
              <Table.Cell width={4}>
                {r.courseName} · {r.teacherName}
              </Table.Cell>
              <Table.Cell width={2}>{e('web.students', { n: r.students.length })}</Table.Cell>
              <Table.Cell>{listOf(r.students.map((s) => withNote(s.name, s.studentNo)))}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </div>
  );
}

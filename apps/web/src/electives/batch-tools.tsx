import { useState } from 'react';
import { Button, Input, Message, Table } from 'semantic-ui-react';
import type { ElectiveBatch, ElectiveDrawResult } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { electivesText, useElectivesT } from './use-electives-t.js';
import { useDrawLottery } from './use-draw-lottery.js';
import { useExportRosters } from './use-export-rosters.js';
import { useRosters } from './use-rosters.js';

/** 抽签 of an ended lottery batch: an optional seed; the result names the seed and its check code (the same seed, the same code). */
export function DrawPanel({ batch }: { batch: ElectiveBatch }) {
  const { e } = useElectivesT();
  const [seed, setSeed] = useState('');
  const [result, setResult] = useState<ElectiveDrawResult | null>(null);
  const draw = useDrawLottery(batch.id);
  return (
    <div className="sf-elective-draw" data-testid="elective-draw">
      <Input size="small" placeholder={e('web.seed')} value={seed} onChange={(_, d) => setSeed(String(d.value))} data-testid="elective-seed" />{' '}
      <Button size="small" primary loading={draw.isPending} onClick={() => draw.mutate(seed.trim() || undefined, { onSuccess: setResult })} data-testid="elective-draw-run" content={e('web.draw')} />
      {draw.isError && <Message negative size="small" content={errorMessage(draw.error)} />}
      {result && (
        <Message positive size="small" data-testid="elective-draw-result">
          {e('web.drawn', { seed: result.seed, byPreference: result.byPreference, leftover: result.leftover, digest: result.digest.slice(0, 12) })}
        </Message>
      )}
    </div>
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
              <Table.Cell>{r.students.map((s) => `${s.name}（${s.studentNo}）`).join('、')}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </div>
  );
}

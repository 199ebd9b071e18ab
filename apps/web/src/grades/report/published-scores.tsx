import { Button, Icon, Label, Table } from 'semantic-ui-react';
import type { PublishedScore } from '@schoolflow/contracts';
import { EmptyState } from '../../components/empty-state.js';
import { useGradesT } from '../use-grades-t.js';
import { bySemester, dayOf, scoreText } from './report-format.js';

/** A score, or the mark standing for it (缺考, 免考). */
function ScoreCell({ s }: { s: PublishedScore }) {
  const { g } = useGradesT();
  if (s.score !== null) return <span className="sf-report-score">{scoreText(s.score)}</span>;
  return <span className="sf-report-mark">{s.mark ? g(`report.page.${s.mark}`) : '—'}</span>;
}

/** A level in its conversion rule's colour (the school chooses one per level). */
function LevelCell({ s }: { s: PublishedScore }) {
  if (!s.level) return null;
  const style = s.colour ? { color: s.colour, borderColor: s.colour } : undefined;
  return (
    <Label basic size="small" style={style} data-testid="report-level" data-colour={s.colour ?? ''}>
      {s.level}
    </Label>
  );
}

interface Props {
  scores: readonly PublishedScore[];
  /** Each semester's report, when the reader may download it here. */
  onDownload?: (semester: { semesterId: string; semesterName: string }) => void;
  downloading?: string | null;
  testId: string;
}

/**
 * A student's published scores by semester (the latest first) and batch: each course's score or mark on its full
 * marks, its rank by the course's scale and its level in the level's colour; each semester with its report.
 */
export function PublishedScores({ scores, onDownload, downloading = null, testId }: Props) {
  const { g } = useGradesT();
  const semesters = bySemester(scores);
  if (semesters.length === 0) return <EmptyState icon="file alternate outline" text={g('report.page.noScores')} testId={`${testId}-empty`} />;
  return (
    <div className="sf-report-semesters" data-testid={testId}>
      {semesters.map((sem) => (
        <section key={sem.semesterId} className="sf-report-semester" data-testid={`${testId}-semester`} data-semester={sem.semesterId}>
          <div className="sf-report-semester-head">
            <h4>{sem.semesterName}</h4>
            {onDownload ? (
              <Button
                primary
                size="small"
                loading={downloading === sem.semesterId}
                disabled={downloading !== null}
                onClick={() => onDownload(sem)}
                data-testid={`${testId}-download`}
                data-semester={sem.semesterId}
              >
                <Icon name="file pdf outline" /> {g('report.page.download')}
              </Button>
            ) : null}
          </div>
          {sem.batches.map((b) => (
            <div key={b.batchId} className="sf-report-batch" data-testid={`${testId}-batch`} data-batch={b.batchId}>
              <div className="sf-report-batch-head">
                <strong>{b.batchName}</strong>
                <Label size="tiny">{b.examNodeName}</Label>
                <span className="sf-report-published">
                  {g('report.page.published')} {dayOf(b.publishedAt)}
                </span>
              </div>
              <Table compact celled unstackable className="sf-report-table">
                <Table.Header>
                  <Table.Row>
                    <Table.HeaderCell>{g('report.page.course')}</Table.HeaderCell>
                    <Table.HeaderCell textAlign="right">{g('report.page.score')}</Table.HeaderCell>
                    <Table.HeaderCell textAlign="right">{g('report.page.fullMarks')}</Table.HeaderCell>
                    <Table.HeaderCell>{g('report.page.rank')}</Table.HeaderCell>
                    <Table.HeaderCell>{g('report.page.level')}</Table.HeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {b.scores.map((s) => (
                    <Table.Row key={s.courseId} data-testid={`${testId}-row`} data-course={s.courseName} data-score={s.score ?? s.mark ?? ''}>
                      <Table.Cell>{s.courseName}</Table.Cell>
                      <Table.Cell textAlign="right">
                        <ScoreCell s={s} />
                      </Table.Cell>
                      <Table.Cell textAlign="right" className="sf-report-full">
                        {scoreText(s.fullMarks)}
                      </Table.Cell>
                      <Table.Cell>{s.rank ?? ''}</Table.Cell>
                      <Table.Cell>
                        <LevelCell s={s} />
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}

import { Message, Segment } from 'semantic-ui-react';
import type { MyStudent } from '@schoolflow/contracts';
import { errorMessage } from '../../api/http.js';
import { CardHead, RefreshButton } from '../../components/list-page.js';
import { textParam, useViewParam } from '../../router/use-view-param.js';
import { useGradesT } from '../use-grades-t.js';
import { PublishedScores } from './published-scores.js';
import { useDownloadReport } from './use-download-report.js';
import { usePublishedScores } from './use-published-scores.js';

/**
 * A student's own published scores (`own`), or a parent's child's (a parent of several chooses; the bell's link names one),
 * each semester with its report to download.
 */
export function MyReports({ students, own, wanted, active }: { students: readonly MyStudent[]; own: boolean; wanted: string; active: boolean }) {
  const { g } = useGradesT();
  const [chosen, setChosen] = useViewParam('child', '', textParam);
  // the child chosen here, else the one the link names, else the first
  const student = students.find((s) => s.id === chosen) ?? students.find((s) => s.id === wanted) ?? students[0];
  const scores = usePublishedScores(student?.id ?? '', '', active);
  const download = useDownloadReport();
  // the semester whose report is being made: the running download's own
  const downloading = download.isPending ? download.variables.semesterId : null;
  if (!student) return null;

  const save = (sem: { semesterId: string; semesterName: string }) =>
    download.mutate({ studentId: student.id, semesterId: sem.semesterId, fileName: g('report.pdf.fileName', { who: `${student.studentNo} ${student.name}`, semester: sem.semesterName }) });

  return (
    <Segment className="sf-card sf-report-mine" loading={scores.isFetching && !scores.data} data-testid="report-mine" data-student={student.id}>
      <CardHead
        icon="file pdf outline"
        title={own ? g('report.page.mine') : g('report.page.childGrades')}
        sub={
          <span className="sf-card-sub" data-testid="report-mine-student">
            {student.name} · {student.studentNo} · {student.className}
          </span>
        }
        tools={
          <>
            {students.length > 1 ? (
              <span className="sf-report-child">
                <label htmlFor="report-child">{g('report.page.child')}</label>
                <select id="report-child" className="ui dropdown" value={student.id} data-testid="report-child" onChange={(e) => setChosen(e.target.value)}>
                  {students.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name} ({s.className})
                    </option>
                  ))}
                </select>
              </span>
            ) : null}
            <RefreshButton onClick={() => void scores.refetch()} testId="report-mine-refresh" />
          </>
        }
      />
      {scores.error ? <Message negative content={errorMessage(scores.error)} data-testid="report-mine-error" /> : null}
      {scores.data ? <PublishedScores scores={scores.data} onDownload={save} downloading={downloading} testId="report-mine-scores" /> : null}
    </Segment>
  );
}

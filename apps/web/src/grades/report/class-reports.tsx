import { useMemo } from 'react';
import { Button, Icon, Message, Progress, Segment } from 'semantic-ui-react';
import type { ResourceOption } from '@schoolflow/contracts';
import { errorMessage } from '../../api/http.js';
import { CardHead } from '../../components/list-page.js';
import { RefSelect } from '../../resources/ref-select.js';
import { jobPercent } from '../../jobs/job-progress.js';
import { useJobProgress } from '../../jobs/use-job-progress.js';
import { useOptionLabels } from '../../resources/use-resource-options.js';
import { textParam, useViewParam } from '../../router/use-view-param.js';
import { useGradesT } from '../use-grades-t.js';
import { PublishedScores } from './published-scores.js';
import { useClassStudents } from './use-class-students.js';
import { useDownloadClassReports } from './use-download-class-reports.js';
import { useDownloadReport } from './use-download-report.js';
import { usePublishedScores } from './use-published-scores.js';
import { useStartClassReports } from './use-start-class-reports.js';

/** A finished job's answer (the file's name), or a failed one's message. */
function resultOf(result: unknown): { fileName?: string; message?: string } {
  return typeof result === 'object' && result !== null ? (result as { fileName?: string; message?: string }) : {};
}

/**
 * For a head teacher (their class) and grade managers (every class): one student's report, or the whole class's as
 * one PDF made by a background job — its progress bar fed by the job's pushes (and a poll), its file to download when
 * it is done. The chosen student's published scores show below.
 */
export function ClassReports({ classes, wanted, active }: { classes: readonly ResourceOption[]; wanted: string; active: boolean }) {
  const { g } = useGradesT();
  const [classId, setClassId] = useViewParam('class', classes.length === 1 ? (classes[0]?.value ?? '') : '', textParam);
  const [semesterId, setSemesterId] = useViewParam('semester', '', textParam);
  const [studentId, setStudentId] = useViewParam('student', wanted, textParam);
  const students = useClassStudents(classId, active);
  const student = students.data?.find((s) => s.id === studentId);
  const scores = usePublishedScores(studentId, semesterId, active);
  const download = useDownloadReport();
  const start = useStartClassReports();
  const downloadClass = useDownloadClassReports();
  // the job followed is the last start's answer: a new start (or another class) forgets the one before
  const job = start.data ?? null;
  const progress = useJobProgress(job?.jobId ?? null);
  const running = job !== null && progress?.state !== 'completed' && progress?.state !== 'failed';
  const result = resultOf(progress?.result);
  const className = classes.find((c) => c.value === classId)?.label ?? '';
  const chosenSemester = useMemo(() => new Map(semesterId ? [['semesters', [semesterId]]] : []), [semesterId]);
  const semesterLabels = useOptionLabels(chosenSemester);
  const semesterName = (semesterId ? semesterLabels.labelOf('semesters', semesterId) : undefined) ?? g('report.page.currentSemester');

  const chooseClass = (id: string) => {
    setClassId(id);
    setStudentId('');
    start.reset();
  };
  const saveOne = () => {
    const who = student ? `${student.studentNo} ${student.name}` : studentId;
    download.mutate({ studentId, semesterId, fileName: g('report.pdf.fileName', { who, semester: semesterName }) });
  };
  const startJob = () => {
    start.mutate({ classId, semesterId });
  };

  return (
    <Segment className="sf-card sf-report-classes" data-testid="report-classes">
      <CardHead icon="users" title={g('report.page.byClass')} />
      <div className="sf-report-bar">
        <label htmlFor="report-class">{g('report.page.class')}</label>
        <select id="report-class" className="ui dropdown" value={classId} data-testid="report-class" onChange={(e) => chooseClass(e.target.value)}>
          <option value="">{g('report.page.choose')}</option>
          {classes.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        <label htmlFor="report-semester">{g('report.page.semester')}</label>
        <div className="sf-report-semester-pick">
          <RefSelect source="semesters" value={semesterId} onValue={setSemesterId} testId="report-semester" emptyText={g('report.page.currentSemester')} />
        </div>
        <label htmlFor="report-student">{g('report.page.student')}</label>
        <select id="report-student" className="ui dropdown" value={studentId} disabled={!classId && !studentId} data-testid="report-student" onChange={(e) => setStudentId(e.target.value)}>
          <option value="">{g('report.page.choose')}</option>
          {studentId && !student ? <option value={studentId}>…</option> : null}
          {(students.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.studentNo} {s.name}
            </option>
          ))}
        </select>
      </div>
      <div className="sf-report-actions">
        <Button primary size="small" disabled={!studentId || download.isPending} loading={download.isPending} onClick={saveOne} data-testid="report-download-one">
          <Icon name="file pdf outline" /> {g('report.page.download')}
        </Button>
        <Button basic color="blue" size="small" disabled={!classId || running || start.isPending} loading={start.isPending} onClick={startJob} data-testid="report-class-job">
          <Icon name="copy outline" /> {g('report.page.classJob')}
        </Button>
      </div>
      {job ? (
        <div className="sf-report-job" data-testid="report-job" data-state={progress?.state ?? 'queued'} data-done={progress?.done ?? 0} data-total={progress?.total ?? job.total}>
          {progress?.state === 'failed' ? (
            <Message negative size="small" data-testid="report-job-failed" header={g('report.page.jobFailed')} content={result.message ?? ''} />
          ) : (
            <Progress
              percent={jobPercent({ done: progress?.done ?? 0, total: progress?.total || job.total })}
              progress
              indicating={running}
              success={progress?.state === 'completed'}
              size="small"
              data-testid="report-job-progress"
            >
              {progress?.state === 'completed'
                ? g('report.page.jobDone', { total: progress.total })
                : progress
                  ? g('report.page.jobProgress', { done: progress.done, total: progress.total || job.total })
                  : g('report.page.jobQueued')}
            </Progress>
          )}
          {progress?.state === 'completed' ? (
            <Button
              positive
              size="small"
              loading={downloadClass.isPending}
              disabled={downloadClass.isPending}
              onClick={() => downloadClass.mutate({ jobId: job.jobId, fileName: result.fileName ?? `${g('report.title')}-${className}.pdf` })}
              data-testid="report-job-download"
            >
              <Icon name="download" /> {g('report.page.downloadClass')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {studentId ? (
        <div className="sf-report-student" data-testid="report-class-student">
          {scores.error ? <Message negative content={errorMessage(scores.error)} data-testid="report-class-student-error" /> : null}
          {scores.data ? <PublishedScores scores={scores.data} testId="report-class-scores" /> : null}
        </div>
      ) : null}
    </Segment>
  );
}

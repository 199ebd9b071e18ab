import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button, Form, Icon, Loader, Message, Modal } from 'semantic-ui-react';
import { type CheckProblem, type ScheduleCheck, scheduleSchema } from '@schoolflow/contracts';
import type { z } from 'zod';
import { ApiError, reportError } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { toast } from '../util/toast.js';
import { useScheduleCheck } from './use-schedule-check.js';
import { useStartSchedule } from './use-start-schedule.js';
import { timetableText, useTimetableT } from './use-timetable-t.js';

type ScheduleFormInput = z.input<typeof scheduleSchema>;
type ScheduleForm = z.output<typeof scheduleSchema>;

/** How long the scheduler improves a complete timetable unless asked otherwise (the server's default too). */
export const DEFAULT_SECONDS = 10;

/** A problem that makes scheduling impossible, in words (`timetable.check.*`). */
export function checkProblemText(p: CheckProblem): string {
  return timetableText(`check.${p.kind}`, { subject: p.subject, need: p.need, have: p.have });
}

/**
 * The problems a refused start names (422, `data.problems`: each with its sentence; none named: the refusal's own
 * message), or null for another refusal.
 */
function refusedProblems(err: unknown): string[] | null {
  if (!(err instanceof ApiError) || typeof err.data !== 'object' || err.data === null) return null;
  const list = (err.data as { problems?: unknown }).problems;
  if (!Array.isArray(list)) return null;
  const named = (list as unknown[]).map((p) => (typeof p === 'object' && p !== null && typeof (p as { text?: unknown }).text === 'string' ? (p as { text: string }).text : '')).filter(Boolean);
  return named.length > 0 ? named : [err.message];
}

/**
 * 自动排课's dialog: first what the scheduler would be given (`GET …/schedule/check`) — when something makes it
 * impossible, those problems and no way to start; else what will be placed and how long to improve it (1–120 s), then
 * the start. The run itself is watched by the page.
 */
export function ScheduleDialog(props: { open: boolean; semesterId: string; onClose: () => void; onStarted: (run: { jobId: string; timetableId: string }) => void }) {
  // each opening (and each semester) is a fresh form: mounted while open, keyed by the semester
  return props.open ? <OpenScheduleDialog key={props.semesterId} {...props} /> : null;
}

function OpenScheduleDialog({ open, semesterId, onClose, onStarted }: { open: boolean; semesterId: string; onClose: () => void; onStarted: (run: { jobId: string; timetableId: string }) => void }) {
  const { tt, tv } = useTimetableT();
  const check = useScheduleCheck(semesterId, open);
  const start = useStartSchedule();
  // a start refused for problems the check did not see shows them as the check's would be (the start's own error)
  const refused = start.error ? refusedProblems(start.error) : null;
  const form = useForm<ScheduleFormInput, unknown, ScheduleForm>({ resolver: zodResolver(scheduleSchema), defaultValues: { semesterId, seconds: String(DEFAULT_SECONDS) } });

  const data: ScheduleCheck | undefined = check.data;
  const problems = refused ?? (data && !data.ok ? (data.problems.length > 0 ? data.problems.map(checkProblemText) : [tt('check.noPeriods')]) : null);
  const state = check.isFetching ? 'checking' : problems ? 'impossible' : data ? 'ready' : 'error';
  const error = form.formState.errors.seconds?.message;

  const submit = form.handleSubmit(async (body) => {
    try {
      const run = await start.mutateAsync(body);
      toast.success(run.msg);
      onStarted({ jobId: run.jobId, timetableId: run.timetableId });
    } catch (err) {
      if (!refusedProblems(err)) reportError(err);
    }
  });

  return (
    <Modal open={open} size="small" onClose={onClose} data-testid="tt-schedule-dialog" data-state={state}>
      <Modal.Header>
        <Icon name="magic" /> {tt('page.auto.title')}
      </Modal.Header>
      <Modal.Content>
        {state === 'checking' ? (
          <Loader active inline="centered" size="small">
            {tt('page.auto.checking')}
          </Loader>
        ) : null}
        {state === 'impossible' && problems ? (
          <Message warning data-testid="tt-check-problems">
            <Message.Header>{tt('page.auto.impossible')}</Message.Header>
            <p>{tt('page.auto.impossibleHint')}</p>
            <Message.List>
              {problems.map((p, i) => (
                <Message.Item key={i} data-testid="tt-check-problem">
                  {p}
                </Message.Item>
              ))}
            </Message.List>
          </Message>
        ) : null}
        {state === 'ready' && data ? (
          <Form noValidate onSubmit={(e) => void submit(e)} data-testid="tt-schedule-form">
            <p className="sf-tt-summary" data-testid="tt-schedule-summary">
              {tt('page.auto.summary', { lessons: data.lessons, sections: data.sections, teachers: data.teachers, rooms: data.rooms, slots: data.slots })}
            </p>
            <dl className="sf-tt-facts">
              {(['lessons', 'sections', 'teachers', 'rooms', 'slots'] as const).map((k) => (
                <div key={k} data-testid={`tt-check-${k}`} data-value={data[k]}>
                  <dt>{tt(`page.auto.facts.${k}`)}</dt>
                  <dd>{data[k]}</dd>
                </div>
              ))}
            </dl>
            <p className="sf-hint">{tt('page.auto.replaceHint')}</p>
            <Form.Field error={Boolean(error)}>
              <label htmlFor="tt-schedule-seconds">{tt('page.auto.seconds')}</label>
              <div className="ui input sf-tt-seconds">
                <input id="tt-schedule-seconds" type="number" min={1} max={120} step={1} {...form.register('seconds')} data-testid="tt-schedule-seconds" aria-invalid={Boolean(error)} />
              </div>
              <div className="sf-hint">{tt('page.auto.secondsHint')}</div>
              <FieldError testId="tt-schedule-seconds" error={error ? tv(error) : undefined} />
            </Form.Field>
          </Form>
        ) : null}
        {state === 'error' ? <Message negative content={check.error instanceof Error ? check.error.message : tt('page.auto.checkFailed')} /> : null}
      </Modal.Content>
      <Modal.Actions>
        <Button basic onClick={onClose} data-testid="tt-schedule-cancel">
          {state === 'impossible' ? tt('page.common.close') : tt('page.common.cancel')}
        </Button>
        {state === 'ready' ? (
          <Button primary loading={start.isPending} disabled={start.isPending} onClick={() => void submit()} data-testid="tt-schedule-start">
            <Icon name="play" /> {tt('page.auto.start')}
          </Button>
        ) : null}
      </Modal.Actions>
    </Modal>
  );
}

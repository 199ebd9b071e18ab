import { zodResolver } from '@hookform/resolvers/zod';
import { type WorkAssignment, workTaskReportSchema, type WorkTaskReportInput, workTaskReturnSchema, type WorkTaskReturnInput } from '@schoolflow/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button, Form } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { firstMessage, namespacedMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { useDisclosure } from '../util/use-disclosure.js';
import { type AssignmentCommand, useAssignmentCommand } from './use-assignment-command.js';
import { useWorkTasksT } from './use-work-tasks-t.js';

type ReportValues = z.output<typeof workTaskReportSchema>;
type ReturnValues = z.output<typeof workTaskReturnSchema>;

/** Sends a step and says how it went (the server's message, or why it was refused). */
function useStep() {
  const command = useAssignmentCommand();
  const run = async (a: WorkAssignment, type: AssignmentCommand, comment?: string, percent?: number): Promise<boolean> => {
    try {
      toast.success(await command.send(a, type, comment, percent));
      return true;
    } catch (e) {
      toast.error(errorMessage(e));
      return false;
    }
  };
  return { run, pending: command.pending };
}

/** 汇报进度: a percentage of 0–100 and what was done (≤ 500). */
function ReportForm({ a, onDone }: { a: WorkAssignment; onDone: () => void }) {
  const { w } = useWorkTasksT();
  const step = useStep();
  const { register, handleSubmit, formState } = useForm<WorkTaskReportInput, unknown, ReportValues>({ defaultValues: { percent: a.percent, text: '' }, resolver: zodResolver(workTaskReportSchema) });
  const err = (f: 'percent' | 'text') => {
    const m = firstMessage(formState.errors[f]);
    return m ? namespacedMessage(m) : undefined;
  };
  const save = handleSubmit(async (v) => {
    if (await step.run(a, 'REPORT', v.text, v.percent)) onDone();
  });
  return (
    <Form size="small" onSubmit={() => void save()} data-testid={`work-report-form-${a.instanceId}`}>
      <Form.Field required error={Boolean(err('percent'))}>
        <label htmlFor={`work-percent-${a.instanceId}`}>{w('fields.percent')} (%)</label>
        <input id={`work-percent-${a.instanceId}`} type="number" min={0} max={100} data-testid="work-report-percent" {...register('percent')} />
        <FieldError testId="work-report-percent" error={err('percent')} />
      </Form.Field>
      <Form.Field required error={Boolean(err('text'))}>
        <label htmlFor={`work-text-${a.instanceId}`}>{w('fields.report')}</label>
        <textarea id={`work-text-${a.instanceId}`} rows={2} placeholder={w('placeholder.report')} data-testid="work-report-text" {...register('text')} />
        <FieldError testId="work-report-text" error={err('text')} />
      </Form.Field>
      <Button type="submit" primary size="mini" loading={step.pending} content={w('actions.report')} data-testid="work-report-save" />
      <Button type="button" size="mini" content={w('actions.cancel')} onClick={onDone} />
    </Form>
  );
}

/** 退回: the reason is required (≤ 500). */
function ReturnForm({ a, onDone }: { a: WorkAssignment; onDone: () => void }) {
  const { w } = useWorkTasksT();
  const step = useStep();
  const { register, handleSubmit, formState } = useForm<WorkTaskReturnInput, unknown, ReturnValues>({ defaultValues: { reason: '' }, resolver: zodResolver(workTaskReturnSchema) });
  const m = firstMessage(formState.errors.reason);
  const save = handleSubmit(async (v) => {
    if (await step.run(a, 'RETURN', v.reason)) onDone();
  });
  return (
    <Form size="small" onSubmit={() => void save()} data-testid={`work-return-form-${a.instanceId}`}>
      <Form.Field required error={Boolean(m)}>
        <label htmlFor={`work-reason-${a.instanceId}`}>{w('fields.reason')}</label>
        <textarea id={`work-reason-${a.instanceId}`} rows={2} placeholder={w('placeholder.reason')} data-testid="work-return-reason" {...register('reason')} />
        <FieldError testId="work-return-reason" error={m ? namespacedMessage(m) : undefined} />
      </Form.Field>
      <Button type="submit" negative size="mini" loading={step.pending} content={w('actions.return')} data-testid="work-return-save" />
      <Button type="button" size="mini" content={w('actions.cancel')} onClick={onDone} />
    </Form>
  );
}

/** The assignee's steps on their own assignment: report, submit; take a submission back. */
export function AssigneeActions({ a }: { a: WorkAssignment }) {
  const { w } = useWorkTasksT();
  const step = useStep();
  const reporting = useDisclosure();
  if (a.state === 'submitted') return <Button size="mini" basic content={w('actions.withdraw')} loading={step.pending} onClick={() => void step.run(a, 'WITHDRAW')} data-testid="work-withdraw" />;
  if (a.state !== 'working' && a.state !== 'returned') return null;
  if (reporting.opened) return <ReportForm a={a} onDone={reporting.close} />;
  return (
    <>
      <Button size="mini" content={w('actions.report')} onClick={reporting.open} data-testid="work-report" />
      <Button size="mini" primary content={w('actions.submit')} loading={step.pending} onClick={() => void step.run(a, 'SUBMIT')} data-testid="work-submit" />
    </>
  );
}

/** The leader's decision on a submission: approve, or return with a reason. */
export function ReviewActions({ a }: { a: WorkAssignment }) {
  const { w } = useWorkTasksT();
  const step = useStep();
  const returning = useDisclosure();
  if (a.state !== 'submitted') return null;
  if (returning.opened) return <ReturnForm a={a} onDone={returning.close} />;
  return (
    <>
      <Button size="mini" primary content={w('actions.approve')} loading={step.pending} onClick={() => void step.run(a, 'APPROVE')} data-testid="work-approve" />
      <Button size="mini" negative basic content={w('actions.return')} onClick={returning.open} data-testid="work-return" />
    </>
  );
}

import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyStudent } from '@schoolflow/contracts';
import type { FormField } from '@schoolflow/workflows';
import { workflowApi } from '../api/workflow-api.js';
import { workflowKeys } from './workflow-keys.js';

const NO_STUDENTS: MyStudent[] = [];

/** Whom I may apply for (a parent's children), read while `enabled`. */
export function useMyStudents(enabled: boolean): MyStudent[] {
  const students = useQuery({
    queryKey: [...workflowKeys.all, 'my-students'] as const,
    queryFn: ({ signal }) => workflowApi.myStudents(signal),
    enabled,
  });
  return enabled ? (students.data ?? NO_STUDENTS) : NO_STUDENTS;
}

/** The choices the server gives for a flow's form fields (`FormField.source`: a lendable classroom), by field. */
export function useFormOptions(flow: string, fields: readonly FormField[]): Record<string, { value: string; label: string }[]> {
  const sourced = fields.filter((f) => f.source);
  const answers = useQueries({
    queries: sourced.map((f) => ({
      queryKey: [...workflowKeys.all, 'form-options', flow, f.name] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => workflowApi.formOptions(flow, f.name, signal),
    })),
  });
  const out: Record<string, { value: string; label: string }[]> = {};
  sourced.forEach((f, i) => {
    const data = answers[i]?.data;
    if (data) out[f.name] = data;
  });
  return out;
}

/**
 * Starts an application of `flow` with the Idempotency-Key made when the form was opened (a double click or a retry
 * creates one request); my lists and the dashboard's backlog are read again.
 */
export function useStartFlow(flow: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: { form: Record<string, unknown>; key: string }) => workflowApi.start(flow, a.form, a.key),
    onSuccess: async () => {
      await Promise.all([workflowKeys.lists(), workflowKeys.backlogs()].map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}

import type { EvalTemplateInput } from '@schoolflow/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { evaluationKeys, evaluationsClient } from '../evaluations-client.js';

/** Creates (id null) or replaces a template's tree; the lists and the template are read again. */
export function useSaveEvalTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string | null; body: EvalTemplateInput }) => evaluationsClient.saveTemplate(v.id, v.body),
    onSuccess: () => client.invalidateQueries({ queryKey: evaluationKeys.templates }),
  });
}

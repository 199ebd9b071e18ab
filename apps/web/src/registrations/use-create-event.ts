import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegistrationEventInput } from '@schoolflow/contracts';
import { registrationKeys, registrationsClient } from './registrations-client.js';

/** 发布讲座/活动: the lists read again. */
export function useCreateEvent() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: RegistrationEventInput) => registrationsClient.create(body), onSuccess: () => void client.invalidateQueries({ queryKey: registrationKeys.lists }) });
}

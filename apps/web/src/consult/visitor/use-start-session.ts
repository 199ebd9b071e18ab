import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsultStartInput } from '@schoolflow/contracts';
import { consultClient, consultKeys } from '../consult-client.js';
import { visitorToken } from './visitor-token.js';

/** 开始咨询: the device's token is kept (the server issues one the first time) and the session shown at once. */
export function useStartSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ConsultStartInput) => consultClient.start(input, visitorToken.get()),
    onSuccess: (session) => {
      visitorToken.set(session.token);
      client.setQueryData(consultKeys.visitor(session.token), session);
    },
  });
}

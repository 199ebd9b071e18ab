import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type HomeCardKey, type HomeCardSetting, homeCardsFor, type RoleHomeCards } from '@schoolflow/contracts';
import { reportError, type ApiError } from '../api/http.js';
import type { Envelope } from '@schoolflow/contracts';
import { toast } from '../util/toast.js';
import { homeCardsClient, homeCardsKeys } from './home-cards-client.js';

/**
 * My home page cards, in order. Until the server answers (or when it fails) the defaults of my roles — the
 * contracts' one rule — so the dashboard never waits empty.
 */
export function useMyHomeCards(roles: readonly string[], enabled: boolean): HomeCardKey[] {
  const mine = useQuery({ queryKey: homeCardsKeys.mine, queryFn: ({ signal }) => homeCardsClient.mine(signal), enabled, staleTime: 0, meta: { silent: true } });
  return mine.data ?? homeCardsFor(roles, new Map());
}

/** A role's layout, for the administrators' page. */
export function useRoleHomeCards(code: string | null) {
  return useQuery({ queryKey: homeCardsKeys.role(code ?? ''), queryFn: ({ signal }) => homeCardsClient.role(code ?? '', signal), enabled: code !== null, staleTime: 0 });
}

function useDone() {
  const client = useQueryClient();
  return (res: Envelope<RoleHomeCards>) => {
    if (res.data) client.setQueryData(homeCardsKeys.role(res.data.role), res.data);
    void client.invalidateQueries({ queryKey: homeCardsKeys.mine });
    if (res.msg) toast.success(res.msg);
  };
}

export function useSaveHomeCards() {
  const done = useDone();
  return useMutation<Envelope<RoleHomeCards>, ApiError, { code: string; cards: HomeCardSetting[] }>({ mutationFn: ({ code, cards }) => homeCardsClient.save(code, cards), onSuccess: done, onError: reportError });
}

export function useResetHomeCards() {
  const done = useDone();
  return useMutation<Envelope<RoleHomeCards>, ApiError, string>({ mutationFn: (code) => homeCardsClient.reset(code), onSuccess: done, onError: reportError });
}

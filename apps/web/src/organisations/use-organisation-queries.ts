import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ORGANISATION_JOIN_FLOW, type OrganisationKind } from '@schoolflow/contracts';
import { useRealtime } from '../realtime/use-realtime.js';
import { organisationKeys, organisationsClient } from './organisations-client.js';

/** How often a page reads again while a passed join request's membership is being written (the flow's effect). */
const JOINING_POLL_MS = 1000;

/**
 * A join request moved (asked, approved, refused): everything of 学生组织 is stale — read again at once where shown,
 * when next shown elsewhere (a page kept in another tab).
 */
function useJoinPushes() {
  const client = useQueryClient();
  const stale = (p: { flow: string }) => (p.flow === ORGANISATION_JOIN_FLOW ? void client.invalidateQueries({ queryKey: organisationKeys.all }) : undefined);
  useRealtime('workflow.transitioned', stale);
  // the member an approval adds is written by the flow's effect, which may come after the step (docs/adr/0068)
  useRealtime('workflow.effected', stale);
}

/** The directory: every body in use (one kind, or all), with my place in each. */
export function useDirectory(kind: OrganisationKind | null, enabled: boolean) {
  useJoinPushes();
  return useQuery({ queryKey: organisationKeys.directory(kind), queryFn: ({ signal }) => organisationsClient.directory(kind, signal), enabled, staleTime: 0 });
}

/** My terms and the bodies I advise; read again until a passed request's membership is there. */
export function useMyOrganisations(enabled: boolean) {
  useJoinPushes();
  return useQuery({
    queryKey: organisationKeys.mine,
    queryFn: ({ signal }) => organisationsClient.mine(signal),
    enabled,
    // shown again after another tab: read again
    staleTime: 0,
    refetchInterval: (query) => ((query.state.data?.joining ?? 0) > 0 ? JOINING_POLL_MS : false),
  });
}

/** A body's page; read again until a passed request's membership is there. */
export function useOrganisationProfile(id: string | null, enabled: boolean) {
  useJoinPushes();
  return useQuery({
    queryKey: organisationKeys.profile(id ?? ''),
    queryFn: ({ signal }) => organisationsClient.profile(id as string, signal),
    enabled: enabled && id !== null,
    meta: { silent: true },
    staleTime: 0,
    refetchInterval: (query) => ((query.state.data?.joining ?? 0) > 0 ? JOINING_POLL_MS : false),
  });
}

/** A body's published activities. */
export function useOrganisationActivities(id: string | null, enabled: boolean) {
  return useQuery({ queryKey: organisationKeys.activities(id ?? ''), queryFn: ({ signal }) => organisationsClient.activities(id as string, signal), enabled: enabled && id !== null, meta: { silent: true }, staleTime: 0 });
}

/** People one may add to a body, by what was typed (nothing until something is). */
export function useOrganisationCandidates(id: string, q: string) {
  return useQuery({ queryKey: organisationKeys.candidates(id, q), queryFn: ({ signal }) => organisationsClient.candidates(id, q, signal), enabled: q.trim() !== '', staleTime: 30_000 });
}

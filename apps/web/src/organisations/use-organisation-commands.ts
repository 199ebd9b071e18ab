import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivityValues, AddMemberValues, ChangeRoleValues, EndTermValues } from '@schoolflow/contracts';
import { organisationKeys, organisationsClient } from './organisations-client.js';

/** After a member change: the body's page (answered by the call itself) and every list read again. */
function useStale() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: organisationKeys.all });
}

/** 添加成员: a term for a student (a parent, for the parent committee). */
export function useAddMember(id: string) {
  const stale = useStale();
  return useMutation({ mutationFn: (body: AddMemberValues) => organisationsClient.addMember(id, body), onSuccess: stale });
}

/** 变更职务: the term ends the day before, a new one begins. */
export function useChangeRole(id: string) {
  const stale = useStale();
  return useMutation({ mutationFn: (v: { termId: string; body: ChangeRoleValues }) => organisationsClient.changeRole(id, v.termId, v.body), onSuccess: stale });
}

/** 结束任期. */
export function useEndTerm(id: string) {
  const stale = useStale();
  return useMutation({ mutationFn: (v: { termId: string; body: EndTermValues }) => organisationsClient.endTerm(id, v.termId, v.body), onSuccess: stale });
}

/** 发布活动: a post of the publishing area; the body's activities read again. */
export function usePublishActivity(id: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: ActivityValues) => organisationsClient.publish(id, body), onSuccess: () => void client.invalidateQueries({ queryKey: organisationKeys.activities(id) }) });
}

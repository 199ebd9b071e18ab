import {
  type ActivityValues,
  type AddMemberValues,
  type ChangeRoleValues,
  type EndTermValues,
  type MyOrganisations,
  type OrganisationActivity,
  type OrganisationCandidate,
  type OrganisationKind,
  type OrganisationProfile,
  organisationsPath,
  type OrganisationSummary,
} from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';

/** Query keys of 学生组织: everything under `organisations`; a member change marks the body's page and the lists stale. */
export const organisationKeys = {
  all: ['organisations'] as const,
  directory: (kind: OrganisationKind | null) => ['organisations', 'directory', kind] as const,
  mine: ['organisations', 'mine'] as const,
  profile: (id: string) => ['organisations', 'profile', id] as const,
  activities: (id: string) => ['organisations', 'activities', id] as const,
  candidates: (id: string, q: string) => ['organisations', 'candidates', id, q] as const,
};

/** The calls of 学生组织 (docs/product/campus-life.md#organisations); the bodies are the resource kit's, join requests the flow kit's. */
export const organisationsClient = {
  directory: (kind: OrganisationKind | null, signal?: AbortSignal) => requestData<OrganisationSummary[]>(organisationsPath.directory, { query: { kind: kind ?? undefined }, signal }),
  mine: (signal?: AbortSignal) => requestData<MyOrganisations>(organisationsPath.mine, { signal }),
  profile: (id: string, signal?: AbortSignal) => requestData<OrganisationProfile>(organisationsPath.profile(id), { signal }),
  activities: (id: string, signal?: AbortSignal) => requestData<OrganisationActivity[]>(organisationsPath.activities(id), { signal }),
  candidates: (id: string, q: string, signal?: AbortSignal) => requestData<OrganisationCandidate[]>(organisationsPath.candidates(id), { query: { q }, signal }),
  addMember: (id: string, body: AddMemberValues) => request<OrganisationProfile>(organisationsPath.members(id), { method: 'POST', json: body }),
  changeRole: (id: string, termId: string, body: ChangeRoleValues) => request<OrganisationProfile>(organisationsPath.role(id, termId), { method: 'POST', json: body }),
  endTerm: (id: string, termId: string, body: EndTermValues) => request<OrganisationProfile>(organisationsPath.end(id, termId), { method: 'POST', json: body }),
  publish: (id: string, body: ActivityValues) => request<OrganisationActivity>(organisationsPath.activities(id), { method: 'POST', json: body }),
};

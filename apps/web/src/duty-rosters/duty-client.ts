import {
  type DutyAbsence,
  type DutyAbsenceValues,
  type DutyAssignment,
  type DutyCandidate,
  type DutyGenerateValues,
  type DutyPost,
  type DutyRosterDetail,
  dutyRostersPath,
  type DutyRosterSummary,
  type DutyRosterValues,
  type DutySlotValues,
} from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';

/** Query keys of 值岗安排: everything under `duty`; a change marks them all stale. */
export const dutyKeys = {
  all: ['duty'] as const,
  rosters: ['duty', 'rosters'] as const,
  roster: (id: string) => ['duty', 'roster', id] as const,
  mine: ['duty', 'mine'] as const,
  posts: ['duty', 'posts'] as const,
  staff: ['duty', 'staff'] as const,
  absences: ['duty', 'absences'] as const,
};

/** The calls of 值岗安排 (docs/product/office.md#duty-rosters); a swap is the flow kit's (`duty-swap`). */
export const dutyClient = {
  rosters: (signal?: AbortSignal) => requestData<DutyRosterSummary[]>(dutyRostersPath.rosters, { signal }),
  roster: (id: string, signal?: AbortSignal) => requestData<DutyRosterDetail>(dutyRostersPath.roster(id), { signal }),
  mine: (signal?: AbortSignal) => requestData<DutyAssignment[]>(dutyRostersPath.mine, { signal }),
  posts: (signal?: AbortSignal) => requestData<DutyPost[]>(dutyRostersPath.posts, { signal }),
  staff: (signal?: AbortSignal) => requestData<DutyCandidate[]>(dutyRostersPath.staff, { signal }),
  absences: (signal?: AbortSignal) => requestData<DutyAbsence[]>(dutyRostersPath.absences, { signal }),
  create: (body: DutyRosterValues) => request<DutyRosterDetail>(dutyRostersPath.rosters, { method: 'POST', json: body }),
  generate: (id: string, body: DutyGenerateValues) => request<DutyRosterDetail>(dutyRostersPath.generate(id), { method: 'POST', json: body }),
  slot: (id: string, body: DutySlotValues) => request<DutyRosterDetail>(dutyRostersPath.slot(id), { method: 'PUT', json: body }),
  publish: (id: string) => request<DutyRosterDetail>(dutyRostersPath.publish(id), { method: 'POST' }),
  addAbsence: (body: DutyAbsenceValues) => request<DutyAbsence[]>(dutyRostersPath.absences, { method: 'POST', json: body }),
};

import {
  type MyRegistrations,
  type RegistrationEvent,
  type RegistrationEventInput,
  type RegistrationEventPage,
  type RegistrationRosterRow,
  registrationsPath,
  type SignUpResult,
} from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';

/** Query keys of 讲座: everything under `registrations`; a sign-up marks the lists, the event and one's own list stale. */
export const registrationKeys = {
  all: ['registrations'] as const,
  events: (current: number, size: number) => ['registrations', 'events', current, size] as const,
  lists: ['registrations', 'events'] as const,
  roster: (id: string) => ['registrations', 'roster', id] as const,
  mine: ['registrations', 'mine'] as const,
};

/** The calls of 讲座 (docs/product/class-walking-and-registrations.md#calls). */
export const registrationsClient = {
  events: (current: number, size: number, signal?: AbortSignal) => requestData<RegistrationEventPage>(registrationsPath.events, { query: { current, size }, signal }),
  event: (id: string, signal?: AbortSignal) => requestData<RegistrationEvent>(registrationsPath.event(id), { signal }),
  create: (body: RegistrationEventInput) => request<{ id: string }>(registrationsPath.events, { method: 'POST', json: body }),
  signUp: (id: string) => request<SignUpResult>(registrationsPath.signUp(id), { method: 'POST' }),
  cancel: (id: string) => request<{ promoted: boolean }>(registrationsPath.signUp(id), { method: 'DELETE' }),
  roster: (id: string, signal?: AbortSignal) => requestData<RegistrationRosterRow[]>(registrationsPath.roster(id), { signal }),
  checkIn: (id: string, userId: string) => request<RegistrationRosterRow>(registrationsPath.checkIns(id), { method: 'POST', json: { userId } }),
  mine: (signal?: AbortSignal) => requestData<MyRegistrations>(registrationsPath.mine, { signal }),
};

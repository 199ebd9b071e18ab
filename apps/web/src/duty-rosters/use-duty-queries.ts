import { useQuery } from '@tanstack/react-query';
import { dutyClient, dutyKeys } from './duty-client.js';

/** The rosters (drafts too for those who manage). */
export const useDutyRosters = (active: boolean) => useQuery({ queryKey: dutyKeys.rosters, queryFn: ({ signal }) => dutyClient.rosters(signal), enabled: active });

/** One roster with its days, posts and duties. */
export const useDutyRoster = (id: string | null, active: boolean) =>
  useQuery({ queryKey: dutyKeys.roster(id ?? ''), queryFn: ({ signal }) => dutyClient.roster(id ?? '', signal), enabled: active && id !== null });

/** My duties from today on. */
export const useMyDuties = (active: boolean) => useQuery({ queryKey: dutyKeys.mine, queryFn: ({ signal }) => dutyClient.mine(signal), enabled: active });

export const useDutyPosts = (active: boolean) => useQuery({ queryKey: dutyKeys.posts, queryFn: ({ signal }) => dutyClient.posts(signal), enabled: active });

export const useDutyStaff = (active: boolean) => useQuery({ queryKey: dutyKeys.staff, queryFn: ({ signal }) => dutyClient.staff(signal), enabled: active });

import { useQuery } from '@tanstack/react-query';
import { electivesClient, electivesKeys } from './electives-client.js';

/** 选修课程: the passed courses of the current semester. */
export function useElectiveCourses() {
  return useQuery({ queryKey: electivesKeys.courses, queryFn: ({ signal }) => electivesClient.courses(signal) });
}

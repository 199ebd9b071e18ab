import { useQuery } from '@tanstack/react-query';
import { dormitoriesClient, dormitoryKeys } from './dormitories-client.js';

/** Students by name or number with their bed (nothing asked for an empty search). */
export function useFindStudents(q: string) {
  const term = q.trim();
  return useQuery({ queryKey: dormitoryKeys.students(term), queryFn: ({ signal }) => dormitoriesClient.students(term, signal), enabled: term !== '' });
}

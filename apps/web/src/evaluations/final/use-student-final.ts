import { useQuery } from '@tanstack/react-query';
import { finalClient, finalKeys } from './final-client.js';

/** A student's final-term evaluations, from the public notice on. */
export function useStudentFinal(studentId: string) {
  return useQuery({ queryKey: finalKeys.student(studentId), queryFn: ({ signal }) => finalClient.student(studentId, signal), enabled: studentId !== '' });
}

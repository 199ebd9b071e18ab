import { useMutation } from '@tanstack/react-query';
import { reportError } from '../../api/http.js';
import { reportClient } from './report-client.js';

/** Starts the job that makes a class's reports as one PDF: answers its id and how many reports it writes. */
export function useStartClassReports() {
  return useMutation({
    mutationFn: (v: { classId: string; semesterId: string }) => reportClient.startClassReports(v.classId, v.semesterId),
    onError: (err) => reportError(err),
  });
}

import { useMutation } from '@tanstack/react-query';
import { saveBlob } from '../api/http.js';
import { schoolCalendarClient } from './school-calendar-client.js';

/** A calendar downloaded as an iCalendar file. */
export function useExportIcs() {
  return useMutation({ mutationFn: async ({ id, name }: { id: string; name: string }) => saveBlob(await schoolCalendarClient.ics(id), `${name}.ics`) });
}

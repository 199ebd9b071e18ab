import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HolidayValues } from '@schoolflow/contracts';
import { holidayKeys, holidaysClient } from './holidays-client.js';

/** Declare a day (no id) or change a declaration; every year and range read again. */
export function useSaveHoliday() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: HolidayValues }) => (id ? holidaysClient.update(id, body) : holidaysClient.create(body)),
    onSuccess: () => void client.invalidateQueries({ queryKey: holidayKeys.all }),
  });
}

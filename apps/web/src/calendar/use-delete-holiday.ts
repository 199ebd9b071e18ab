import { useMutation, useQueryClient } from '@tanstack/react-query';
import { holidayKeys, holidaysClient } from './holidays-client.js';

/** Remove a declaration; every year and range read again. */
export function useDeleteHoliday() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => holidaysClient.remove(id), onSuccess: () => void client.invalidateQueries({ queryKey: holidayKeys.all }) });
}

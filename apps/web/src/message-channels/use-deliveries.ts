import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useT } from '../i18n/use-t.js';
import { channelsClient, channelsKeys, type DeliveryParams } from './channels-client.js';

/** How often 消息监控 reads its page again while it is open (docs/adr/0041-message-channels.md#monitoring). */
const POLL_MS = 3000;

/**
 * A page of 消息监控, read again every few seconds while the page is open: a delivery changes at each try, and a push
 * per try to every monitoring user would write more to the push log than the deliveries themselves.
 */
export function useDeliveries(params: DeliveryParams, enabled = true) {
  const { lang } = useT();
  return useQuery({
    queryKey: channelsKeys.deliveryPage(params, lang),
    queryFn: ({ signal }) => channelsClient.deliveries(params, signal),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: enabled ? POLL_MS : false,
  });
}

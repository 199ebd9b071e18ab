import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WechatMenu } from '@schoolflow/contracts';
import { channelsClient, channelsKeys } from './channels-client.js';

/** Saves the menu and creates it on the official account; answers the server's message. */
export function usePublishWechatMenu() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (menu: WechatMenu) => channelsClient.publishMenu(menu),
    onSettled: () => client.invalidateQueries({ queryKey: channelsKeys.config }),
  });
}

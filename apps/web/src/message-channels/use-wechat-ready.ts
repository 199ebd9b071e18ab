import { useChannelsConfig } from './use-channels-config.js';

/**
 * Whether the official account can be asked (enabled, with its address, app id and secret): the tags and followers
 * pages read WeChat only then, and otherwise say what to do first — an unconfigured school (every new one) met a
 * refused call on opening them. `known` is false while the configuration loads.
 */
export function useWechatReady(active: boolean): { known: boolean; ready: boolean } {
  const config = useChannelsConfig(active);
  const w = config.data?.wechat;
  return { known: w !== undefined, ready: w !== undefined && w.enabled && w.apiBase !== '' && w.appId !== '' && w.hasSecret };
}

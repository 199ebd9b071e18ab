import type { ChannelsMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

/** A key of the `channels` namespace: pages, channels, states, refusals. */
export type ChannelsKey = MessageKey<ChannelsMessages>;

export const channelsText = namespaceText<ChannelsMessages>('channels');

/** The channels' texts (`c`) and the web kit's, re-rendering the caller when the language changes. */
export const useChannelsT = namespaceHook('c', channelsText);

import type { PostKind, PostState } from '@schoolflow/contracts';
import type { PublishingMessages } from '@schoolflow/contracts/locales/zh/publishing.js';
import type { PublishingWebMessages } from '@schoolflow/contracts/locales/zh/publishing-web.js';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

/** The `publishing` namespace: the server's texts (kinds, states, refusals) and the pages' own under `web`. */
type PublishingPageMessages = PublishingMessages & { web: PublishingWebMessages };
export type PublishingKey = MessageKey<PublishingPageMessages>;

export const publishingText = namespaceText<PublishingPageMessages>('publishing');

/** The publishing texts (`p`) and the web kit's, re-rendering the caller when the language changes. */
export const usePublishingT = namespaceHook('p', publishingText);

export const kindLabel = (kind: PostKind): string => publishingText(`kinds.${kind}`);
export const stateLabel = (state: PostState): string => publishingText(`states.${state}`);

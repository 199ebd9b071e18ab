import type { PostKind, PostState, PublishingMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

/** A key of the `publishing` namespace: the server's texts (kinds, states, refusals) and the pages' own under `web`. */
export type PublishingKey = MessageKey<PublishingMessages>;

export const publishingText = namespaceText<PublishingMessages>('publishing');

/** The publishing texts (`p`) and the web kit's, re-rendering the caller when the language changes. */
export const usePublishingT = namespaceHook('p', publishingText);

export const kindLabel = (kind: PostKind): string => publishingText(`kinds.${kind}`);
export const stateLabel = (state: PostState): string => publishingText(`states.${state}`);

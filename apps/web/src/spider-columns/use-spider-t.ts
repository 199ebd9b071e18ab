import type { PublishingMessages } from '@schoolflow/contracts';
import type { Vars } from '../i18n/use-t.js';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type ColumnsKey = MessageKey<PublishingMessages['columns']>;

export const publishingText = namespaceText<PublishingMessages>('publishing');
/** A text of 栏目采集 (the `publishing` namespace's `columns`). */
export const columnsText = (key: ColumnsKey, vars?: Vars): string => publishingText(`columns.${key}` as MessageKey<PublishingMessages>, vars);
/** The columns' texts (`c`) and the web kit's, re-rendering the caller when the language changes. */
export const useSpiderT = namespaceHook('c', columnsText);

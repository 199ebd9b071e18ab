import type { WorkTasksMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type WorkTasksKey = MessageKey<WorkTasksMessages>;

export const workTasksText = namespaceText<WorkTasksMessages>('work-tasks');

/** 内控工作管理's texts (`w`) and the web kit's, re-rendering the caller when the language changes. */
export const useWorkTasksT = namespaceHook('w', workTasksText);

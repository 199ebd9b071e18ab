import type { HealthMessages } from '@schoolflow/contracts';
import { namespaceHook, namespaceText } from '../util/namespace-text.js';

export const healthText = namespaceText<HealthMessages>('health');

/** 健康管理's texts (`h`) and the web kit's, re-rendering the caller when the language changes. */
export const useHealthT = namespaceHook('h', healthText);

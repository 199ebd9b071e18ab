import type { FacesMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type FacesKey = MessageKey<FacesMessages>;

export const facesText = namespaceText<FacesMessages>('faces');

/** 人脸识别's texts (`f`) and the web kit's, re-rendering the caller when the language changes. */
export const useFacesT = namespaceHook('f', facesText);

import type { PicturesMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type PicturesKey = MessageKey<PicturesMessages>;

export const picturesText = namespaceText<PicturesMessages>('pictures');

/** 图片管理's and 首页卡片管理's texts (`p`) and the web kit's, re-rendering the caller when the language changes. */
export const usePicturesT = namespaceHook('p', picturesText);

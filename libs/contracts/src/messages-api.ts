import { z } from 'zod';
import { DICT_TABLE_PATTERN } from './admin-api.js';

export const MessagePath = {
  byRecipient: '/api/message/info/getInfoByRecipient',
  byId: '/api/message/info/getInfoById',
  markRead: '/api/message/info/markRead',
  markAllRead: '/api/message/info/markAllRead',
  dict: '/dicts',
} as const;

export const MESSAGE_TYPE_DICT = 'STD_MESSAGE_TYPE';
export const MessageType = { system: '1', task: '2', result: '3', reminder: '4' } as const;

/** getInfoByRecipient (docs/product/shell-and-sign-in.md#shared-calls): title, page, size 10, status '0', type. `page` is 1-based. */
export const messageListSchema = z.object({
  title: z.string().max(100, 'validation.tooLong').optional(),
  page: z.coerce.number().int('validation.pageInvalid').min(1, 'validation.pageInvalid').default(1),
  size: z.coerce.number().int('validation.pageSizeInvalid').min(1, 'validation.pageSizeInvalid').max(1000, 'validation.pageSizeInvalid').default(10),
  status: z.enum(['0', '1', ''], { error: 'validation.invalid' }).optional(),
  type: z.string().max(10, 'validation.invalid').optional(),
});

export const messageIdSchema = z.object({ id: z.string({ error: 'validation.idRequired' }).uuid('validation.idInvalid') });
export const messageIdsSchema = z.object({ ids: z.array(z.string().uuid('validation.idInvalid')).min(1, 'validation.idRequired').max(1000, 'validation.tooLong') });
export const dictsSchema = z.object({ typeArr: z.array(z.string().regex(DICT_TABLE_PATTERN, 'validation.dictTableName')).min(1, 'validation.invalid').max(50, 'validation.invalid') });

export interface DictEntry {
  code: string;
  name: string;
  nameEn: string;
  sort: number;
}

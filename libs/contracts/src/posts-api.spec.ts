import { describe, expect, it } from '@jest/globals';
import { submissionSchema } from './posts-api.js';

const issues = (v: unknown) => submissionSchema.safeParse(v).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('a homework submission', () => {
  it('needs text or a file: nothing at all (or only spaces) is refused under the text field', () => {
    expect(issues({ text: '' })).toEqual(['text:validation.submissionEmpty']);
    expect(issues({ text: '   ', attachments: [] })).toEqual(['text:validation.submissionEmpty']);
    expect(issues({ text: '我的作文' })).toEqual([]);
    expect(issues({ text: '', attachments: ['0b0f3c1e-8d2a-4c1b-9f3e-2a6d5c7e9b10'] })).toEqual([]);
  });
});

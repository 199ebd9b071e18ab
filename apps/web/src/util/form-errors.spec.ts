import { describe, expect, it } from '@jest/globals';
import { firstMessage } from './form-errors.js';

describe('firstMessage', () => {
  it('reads a field’s own message first', () => {
    expect(firstMessage({ message: 'validation.required', type: 'custom' })).toBe('validation.required');
  });

  it('reads a list’s first item message, skipping empty items and the input a ref names', () => {
    const ref = { message: 'not an error: the input element' };
    expect(firstMessage([undefined, { ref, title: { message: 'validation.titleRequired', ref } }])).toBe('validation.titleRequired');
  });

  it('answers nothing for no error, an empty message or a bare value', () => {
    expect(firstMessage(undefined)).toBeUndefined();
    expect(firstMessage({ message: '' })).toBeUndefined();
    expect(firstMessage('text')).toBeUndefined();
  });
});

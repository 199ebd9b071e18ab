import { describe, expect, it } from '@jest/globals';
import { weekOf } from './chart-source.query.js';

describe('weekOf', () => {
  it('given a Wednesday, when asked for its week, then Monday to Sunday around it', () => {
    expect(weekOf('2026-11-25')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
  });
  it('given a Sunday, when asked for its week, then the week that ends with it (across a month end)', () => {
    expect(weekOf('2026-03-01')).toEqual(['2026-02-23', '2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01']);
  });
});

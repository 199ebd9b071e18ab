import { describe, expect, it } from '@jest/globals';
import { bodySchema } from './resource-kit.js';
import { contractState, staff } from './staff.resource.js';

describe('non-establishment staff', () => {
  it('flags a contract that ended, one ending within 30 days, and leaves a running one', () => {
    expect(contractState('2026-11-28', '2026-11-29')).toEqual({ state: 'expired', daysLeft: -1 });
    expect(contractState('2026-11-29', '2026-11-29')).toEqual({ state: 'expiring', daysLeft: 0 });
    expect(contractState('2026-12-29', '2026-11-29')).toEqual({ state: 'expiring', daysLeft: 30 });
    expect(contractState('2026-12-30', '2026-11-29')).toEqual({ state: 'running', daysLeft: 31 });
    expect(contractState(null, '2026-11-29')).toEqual({ state: 'open', daysLeft: null });
  });

  it('asks a non-establishment record for its contract, an outsourced one for its agency', () => {
    const schema = bodySchema(staff, 'create');
    const base = { account: 'fzb_x', name: '张老师', idNumber: '110102198808080012', phone: '13800003333' };
    const messages = (v: Record<string, unknown>) => {
      const r = schema.safeParse({ ...base, ...v });
      return r.success ? [] : r.error.issues.map((i) => `${String(i.path[0])}:${i.message}`).filter((m) => !m.startsWith('idNumber'));
    };
    expect(messages({})).toEqual([]);
    expect(messages({ employment: 'temporary' })).toEqual(['contractStart:validation.contractDatesRequired', 'contractEnd:validation.contractDatesRequired']);
    expect(messages({ employment: 'outsourced', contractStart: '2026-01-01', contractEnd: '2026-12-31' })).toEqual(['agency:validation.agencyRequired']);
    expect(messages({ employment: 'rehired', contractStart: '2026-12-31', contractEnd: '2026-01-01' })).toEqual(['contractEnd:validation.contractEndBeforeStart']);
    expect(messages({ employment: 'contract', contractStart: '2026-01-01', contractEnd: '2026-12-31' })).toEqual([]);
  });
});

import { describe, expect, it } from '@jest/globals';
import type { RepairForm } from '@schoolflow/workflows/repair/repair.form.js';
import { planned } from '../../workflow/testing/start-planning.js';
import { planRepairStart, type RepairStartRead } from './repair.start.js';

// 报修's start decided without a database: given what it read (written by hand) / when planned / then the plan or the refusal.
const FORM: RepairForm = { typeId: 't1', location: 'A203', description: '灯不亮', urgency: 'normal', photos: ['p1'] };
const PHOTO = { res_id: 'p1', owner_id: 'me', mime: 'image/png', size: 1000, removed: false };
const READ: RepairStartRead = { type: { id: 't1', name: '水电', enabled: true, close_after_days: 3 }, handlers: ['off2', 'off1'], admin: ['adm'], files: [PHOTO] };
const given = (read: Partial<RepairStartRead> = {}) => ({
  when: (form: Partial<RepairForm> = {}, actor = 'me') => planned(() => planRepairStart({ ...FORM, ...form }, { ...READ, ...read }, { userId: actor, roles: ['student'] })),
});

describe('repair start: given what it read / when planned / then', () => {
  it('an enabled type: its handlers dispatch, its days are kept, the photos linked; the reporter owns it', () => {
    expect(given().when().thenPlanned()).toEqual({
      data: {
        typeId: 't1', typeName: '水电', location: 'A203', description: '灯不亮', urgency: 'normal', photos: ['p1'], closeAfterDays: 3,
        route: { office: ['off1', 'off2'], worker: [] }, studentId: null, studentUserId: null,
      },
      studentId: null,
      owners: ['me'],
      reviewers: ['off1', 'off2'],
      attachments: ['p1'],
    });
  });

  it('a handler who reports has the administrators stand in (nobody dispatches their own report); photos once each', () => {
    expect(given({ handlers: ['me'] }).when().thenPlanned().reviewers).toEqual(['me', 'adm']);
    expect(given().when({ photos: ['p1', 'p1'] }).thenPlanned().attachments).toEqual(['p1']);
    expect(given().when({ photos: undefined }).thenPlanned().data.photos).toEqual([]);
  });

  it('refuses a type that does not exist or is disabled (422)', () => {
    given({ type: null }).when().thenRefused(422, 'workflow.repairTypeUnknown');
    given({ type: { id: 't1', name: '水电', enabled: false, close_after_days: 3 } }).when().thenRefused(422, 'workflow.repairTypeUnknown');
  });

  it('refuses a photo that is someone else’s, removed, not a picture or above 2 MB', () => {
    given({ files: [{ ...PHOTO, owner_id: 'other' }] }).when().thenRefused(400, 'workflow.attachmentNotYours');
    given({ files: [] }).when().thenRefused(400, 'workflow.attachmentNotYours');
    given({ files: [{ ...PHOTO, mime: 'application/pdf' }] }).when().thenRefused(400, 'workflow.attachmentNotPicture');
    given({ files: [{ ...PHOTO, size: 2 * 1024 * 1024 + 1 }] }).when().thenRefused(400, 'workflow.attachmentNotPicture');
  });
});

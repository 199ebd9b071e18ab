import { describe, expect, it } from '@jest/globals';
import { withCheckCharacter } from '@schoolflow/contracts';
import { call, login } from '../support/api.js';
import { upload } from '../support/admin.js';

// A staff member's photo (docs/product/base-data.md#photos: JPG, at most 2 MB): the upload widget asks for that, and the server checks it
// again when the record is saved — a PNG, a JPG over 2 MB or someone else's upload is refused with the rule's message
// and nothing is written; a fitting JPG is kept with the record.

/** Bytes that begin as a JPEG does (the upload checks the signature), padded to `size`. */
const jpeg = (size: number): Buffer => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 1)]);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function uploaded(token: string, bytes: Buffer, name: string): Promise<string> {
  const r = await upload<{ resId: string }[]>('/file/upload', token, bytes, name);
  expect(r.status).toBe(200);
  return r.body.data?.[0]?.resId as string;
}

describe('a staff member’s photo', () => {
  it('only a JPG of at most 2 MB that the writer uploaded is saved with the record', async () => {
    const admin = await login('admin');
    const tag = Date.now().toString().slice(-6);
    const body = (avatar: string | null) => ({
      account: `photo${tag}`,
      name: '照片老师',
      idNumber: withCheckCharacter(`11010519800101${tag.slice(-3)}`),
      phone: '13911112222',
      roles: ['teacher'],
      avatar,
    });
    const count = async () => (await call<{ total: number }>(`/api/academic/staff?keyword=photo${tag}`, { token: admin })).body.data?.total;

    const png = await uploaded(admin, PNG, 'me.png');
    const big = await uploaded(admin, jpeg(2 * 1024 * 1024 + 1), 'me.jpg');
    const someoneElses = await uploaded(await login('teacher'), jpeg(1000), 'other.jpg');
    for (const [what, id] of [['png', png], ['over 2 MB', big], ['another user’s upload', someoneElses]] as const) {
      const r = await call<{ field: string }>('/api/academic/staff', { method: 'POST', token: admin, json: body(id) });
      expect([what, r.status, r.body.msg, r.body.data?.field]).toEqual([what, 400, '照片须为 JPG 格式，且不超过 2MB', 'avatar']);
    }
    expect(await count()).toBe(0);

    const good = await uploaded(admin, jpeg(2 * 1024 * 1024), 'me.jpg');
    const created = await call<{ id: string }>('/api/academic/staff', { method: 'POST', token: admin, json: body(good) });
    expect(created.body.msg).toBe('新增成功');
    const id = created.body.data?.id as string;
    expect((await call<{ avatar: string }>(`/api/academic/staff/${id}`, { token: admin })).body.data?.avatar).toBe(good);

    // Saved again unchanged from another session: the photo the record already shows passes the check again.
    const before = (await call<Record<string, unknown>>(`/api/academic/staff/${id}`, { token: admin })).body.data as Record<string, unknown>;
    const { account: _account, ...rest } = before;
    expect((await call(`/api/academic/staff/${id}`, { method: 'PUT', token: await login('admin'), json: rest })).status).toBe(200);
    expect((await call(`/api/academic/staff/${id}`, { method: 'DELETE', token: admin })).status).toBe(200);
  });
});

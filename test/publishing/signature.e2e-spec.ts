import { beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatePostAnswer, PostDetail, PostReceipts } from '@schoolflow/contracts';
import { baseUrl, call, login, randomIp, withDb } from '../support/api.js';

/**
 * A confirmation with a signature (issue 24, docs/product/publishing.md#receipts): a notice that asks for one refuses
 * a confirmation without it (the message in the caller's language, nothing written), takes it with an uploaded
 * signature image, and the author's receipts carry that image per person — which the author may fetch and the other
 * recipients may not.
 */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4480000000049454e44ae426082', 'hex');
const tokens = {} as Record<'headteacher' | 'student' | 'jz202511001', string>;
const ids = {} as { class1: string; student: string };

const one = async (sql: string, args: unknown[] = []): Promise<string> => withDb(async (c) => String(Object.values((await c.query(sql, args)).rows[0] ?? {})[0]));

async function uploadSignature(token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'signature.png');
  const res = await fetch(`${baseUrl()}/server/file/upload`, { method: 'POST', headers: { 'X-Access-Token': token, 'X-Forwarded-For': randomIp() }, body: form });
  const body = (await res.json()) as { data: { resId: string }[] };
  return (body.data[0] as { resId: string }).resId;
}
const fetchFile = (resId: string, token: string) => fetch(`${baseUrl()}/server/file/download/${resId}`, { headers: { 'X-Access-Token': token, 'X-Forwarded-For': randomIp() } });

beforeAll(async () => {
  for (const who of ['headteacher', 'student', 'jz202511001'] as const) tokens[who] = await login(who);
  ids.class1 = await one(`SELECT id FROM admin_class WHERE name = '高一(1)班'`);
  ids.student = await one(`SELECT id FROM sys_user WHERE account = 'student'`);
}, 60_000);

describe('a notice that asks for a signature', () => {
  let postId: string;
  let signature: string;

  it('is published asking for confirmation with a signature', async () => {
    const res = await call<CreatePostAnswer>('/api/posts', {
      token: tokens.headteacher,
      json: { kind: 'notice', title: `签名回执 ${Date.now()}`, body: '<p>请签名确认</p>', audience: { classIds: [ids.class1], parents: true }, requireSignature: true, publish: true },
    });
    expect(res.status).toBe(200);
    postId = res.body.data?.id as string;
    const detail = (await call<PostDetail>(`/api/posts/${postId}`, { token: tokens.student })).body.data as PostDetail;
    // asking for a signature asks for the confirmation too
    expect(detail).toMatchObject({ requireConfirm: true, requireSignature: true, confirmedAt: null });
  });

  it('refuses a confirmation without a signature, in the caller language, writing nothing', async () => {
    const zh = await call(`/api/posts/${postId}/confirm`, { token: tokens.student, json: {} });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('这条信息需要签名确认，请先签名');
    const en = await call(`/api/posts/${postId}/confirm`, { token: tokens.student, json: { signature: '' }, lang: 'en' });
    expect(en.status).toBe(400);
    expect(en.body.msg).toBe('This post asks for your signature: sign before confirming');
    expect(await one(`SELECT count(confirmed_at) FROM post_recipient WHERE post_id = $1`, [postId])).toBe('0');
    expect(await one(`SELECT count(*) FROM sys_file_link WHERE ref_type = 'post-signature' AND ref_id = $1`, [postId])).toBe('0');
  });

  it('refuses a signature that is not the caller own upload', async () => {
    const others = await uploadSignature(tokens.headteacher);
    const res = await call(`/api/posts/${postId}/confirm`, { token: tokens.student, json: { signature: others } });
    expect(res.status).toBe(400);
    expect(await one(`SELECT count(confirmed_at) FROM post_recipient WHERE post_id = $1`, [postId])).toBe('0');
  });

  it('accepts it with the signature; the author receipts carry the image, which only the author and the signer may fetch', async () => {
    signature = await uploadSignature(tokens.student);
    const res = await call<{ confirmed: number }>(`/api/posts/${postId}/confirm`, { token: tokens.student, json: { signature } });
    expect(res.status).toBe(200);
    expect(res.body.data?.confirmed).toBe(1);

    const receipts = (await call<PostReceipts>(`/api/posts/${postId}/receipts`, { token: tokens.headteacher })).body.data as PostReceipts;
    const row = receipts.list.find((r) => r.userId === ids.student);
    expect(row).toMatchObject({ confirmedAt: expect.any(String), signatureId: signature });
    expect(receipts.list.filter((r) => r.signatureId !== null)).toHaveLength(1);

    const byAuthor = await fetchFile(signature, tokens.headteacher);
    expect(byAuthor.status).toBe(200);
    expect(byAuthor.headers.get('content-type')).toContain('image/png');
    expect((await fetchFile(signature, tokens.student)).status).toBe(200);
    // another recipient of the same post does not see a classmate's signature
    const byParent = await fetchFile(signature, tokens.jz202511001);
    expect(byParent.status).not.toBe(200);
  });

  it('a notice without the option still confirms without a signature', async () => {
    const res = await call<CreatePostAnswer>('/api/posts', {
      token: tokens.headteacher,
      json: { kind: 'notice', title: `普通回执 ${Date.now()}`, body: '<p>请确认</p>', audience: { classIds: [ids.class1] }, requireConfirm: true, publish: true },
    });
    const id = res.body.data?.id as string;
    expect((await call<PostDetail>(`/api/posts/${id}`, { token: tokens.student })).body.data?.requireSignature).toBe(false);
    expect((await call<{ confirmed: number }>(`/api/posts/${id}/confirm`, { token: tokens.student, json: {} })).body.data?.confirmed).toBe(1);
  });
});

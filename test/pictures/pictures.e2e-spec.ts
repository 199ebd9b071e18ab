import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type AlbumDetail, type AlbumList, type CreatePostAnswer, type HomePicture, PUBLISHING_PAGES, resources } from '@schoolflow/contracts';
import type { Browser } from 'playwright-core';
import { crc32, deflateSync } from 'node:zlib';
import { upload } from '../support/admin.js';
import { baseUrl, call, login, withDb } from '../support/api.js';
import { eventually, launchBrowser, newTestPage, shot, signedIn, tid } from '../support/browser.js';
import { englishPage } from '../support/flow-pages.js';

/**
 * 图片管理 end to end (docs/product/campus-life.md#pictures, docs/adr/0066-pictures-and-home-cards.md) on the shared
 * test server: pictures come through the file service — a non-image named .png is refused by its bytes, an oversize
 * one by the size limit — and become an album's, in order, with a cover and captions; a teacher cannot make or change
 * a school album; a parent sees a class album of their child's class (and its files) and not another class's; a
 * picture a post uses cannot be deleted. A short Chromium part: admin uploads two pictures and sees the thumbnails.
 * What it makes is removed at its end.
 */
const zh = resources.zh.pictures;
const en = resources.en.pictures;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4480000000049454e44ae426082', 'hex');
const tokens = {} as Record<'admin' | 'teacher' | 'parent' | 'headteacher', string>;
const albums: string[] = [];
const posts: string[] = [];
const classes = {} as { child: string; other: string; headed: string };
let browser: Browser | null = null;
/** A picture of the school album the second test fills (its file), for the third's post. */
let schoolPicture = '';

/** A `w`×`h` PNG of one colour: large enough that the browser makes a thumbnail of it (written here: no image library). */
function picture(w: number, h: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const api = <T>(who: keyof typeof tokens, path: string, json?: unknown, method?: 'GET' | 'POST' | 'PUT' | 'DELETE', lang: 'zh' | 'en' = 'zh') =>
  call<T>(`/api/pictures${path}`, { token: tokens[who], ...(json !== undefined ? { json } : {}), ...(method ? { method } : {}), lang });
const uploadPng = async (who: keyof typeof tokens, name = 'photo.png', bytes = PNG): Promise<string> => {
  const res = await upload<{ resId: string }[]>('/file/upload?maxSize=2048&types=.jpg,.jpeg,.png', tokens[who], bytes, name);
  expect(res.status).toBe(200);
  return res.body.data?.[0]?.resId as string;
};
const albumCount = () => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM picture_album`)).rows[0]?.n));
const download = (resId: string, who: keyof typeof tokens) => fetch(`${baseUrl()}/server/file/download/${resId}`, { headers: { 'X-Access-Token': tokens[who] } }).then((r) => r.status);

beforeAll(async () => {
  [tokens.admin, tokens.teacher, tokens.parent, tokens.headteacher] = (await Promise.all(['admin', 'teacher', 'jz202511001', 'headteacher'].map((a) => login(a)))) as [string, string, string, string];
  await withDb(async (c) => {
    classes.child = (await c.query(`SELECT s.class_id FROM guardian g JOIN student s ON s.id = g.student_id JOIN sys_user u ON u.id = g.user_id WHERE u.account = 'jz202511001' LIMIT 1`)).rows[0]?.class_id as string;
    classes.other = (await c.query(`SELECT id FROM admin_class WHERE id <> $1 AND in_school AND NOT EXISTS (SELECT 1 FROM student s JOIN guardian g ON g.student_id = s.id JOIN sys_user u ON u.id = g.user_id WHERE s.class_id = admin_class.id AND u.account = 'jz202511001')
       AND NOT EXISTS (SELECT 1 FROM sys_user u WHERE u.account = 'headteacher' AND (u.id = admin_class.head_teacher_id OR EXISTS (SELECT 1 FROM teaching_assignment t WHERE t.class_id = admin_class.id AND t.teacher_id = u.id))) ORDER BY code LIMIT 1`, [classes.child])).rows[0]?.id as string;
    classes.headed = (await c.query(`SELECT c.id FROM admin_class c JOIN sys_user u ON u.id = c.head_teacher_id WHERE u.account = 'headteacher' ORDER BY c.code LIMIT 1`)).rows[0]?.id as string;
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await withDb(async (c) => {
    await c.query(`DELETE FROM sys_file_link WHERE ref_type = 'post' AND ref_id = ANY($1::uuid[])`, [posts]);
    await c.query(`DELETE FROM post_recipient WHERE post_id = ANY($1::uuid[])`, [posts]).catch(() => undefined);
    await c.query(`DELETE FROM post WHERE id = ANY($1::uuid[])`, [posts]);
    await c.query(`DELETE FROM sys_file_link WHERE ref_type = 'picture' AND ref_id IN (SELECT id FROM album_picture WHERE album_id = ANY($1::uuid[]))`, [albums]);
    await c.query(`UPDATE picture_album SET cover_id = NULL WHERE id = ANY($1::uuid[])`, [albums]);
    await c.query(`DELETE FROM picture_album WHERE id = ANY($1::uuid[])`, [albums]);
  });
});

describe('pictures', () => {
  it('bad input answers the envelope in zh and en and writes nothing; the file service refuses a non-image and an oversize picture', async () => {
    const before = await albumCount();
    const ok = { title: '运动会', scope: 'school' };
    const bad = [
      [{ ...ok, title: ' ' }, zh.validation.titleRequired, en.validation.titleRequired],
      [{ ...ok, title: '长'.repeat(51) }, zh.validation.titleTooLong, en.validation.titleTooLong],
      [{ ...ok, scope: 'class' }, zh.validation.classRequired, en.validation.classRequired],
      [{ ...ok, scope: 'planet' }, zh.validation.scopeInvalid, en.validation.scopeInvalid],
      [{ ...ok, roles: ['nobody'] }, zh.errors.roleUnknown.replace('{{code}}', 'nobody'), en.errors.roleUnknown.replace('{{code}}', 'nobody')],
    ] as const;
    for (const [json, zhMsg, enMsg] of bad) {
      for (const [lang, msg] of [['zh', zhMsg], ['en', enMsg]] as const) {
        const res = await api('admin', '/albums', json, 'POST', lang);
        expect([res.status, res.body.code, res.body.result, res.body.msg]).toEqual([400, 400, false, msg]);
      }
    }
    expect(await albumCount()).toBe(before);

    // a text file named .png: refused by its bytes; a PNG over 2 MB: refused by size — nothing stored
    const files = () => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM sys_file f JOIN sys_user u ON u.id = f.owner_id WHERE u.account = 'admin'`)).rows[0]?.n));
    const stored = await files();
    const text = await upload('/file/upload?maxSize=2048&types=.jpg,.jpeg,.png', tokens.admin, Buffer.from('not a picture at all, just words'), 'fake.png');
    expect([text.status, text.body.result]).toEqual([400, false]);
    expect(text.body.msg).toContain('.png');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const over = await upload('/file/upload?maxSize=2048&types=.jpg,.jpeg,.png', tokens.admin, big, 'big.png');
    expect([over.status, over.body.result]).toEqual([400, false]);
    expect(await files()).toBe(stored);

    // a PDF uploaded through the file service is not a picture: refused when added, and ten at once is too many
    const created = await api<AlbumDetail>('admin', '/albums', { title: `校运会 ${Date.now()}`, scope: 'activity' }, 'POST');
    const id = (created.body.data as AlbumDetail).id;
    albums.push(id);
    const pdf = await upload<{ resId: string }[]>('/file/upload?types=.pdf', tokens.admin, Buffer.from('%PDF-1.4\n%%EOF\n'), 'doc.pdf');
    const notPicture = await api('admin', `/albums/${id}/pictures`, { pictures: [{ resId: pdf.body.data?.[0]?.resId }] }, 'POST', 'en');
    expect([notPicture.status, notPicture.body.msg]).toEqual([400, en.errors.notPicture.replace('{{mb}}', '2')]);
    const ten = await api('admin', `/albums/${id}/pictures`, { pictures: Array.from({ length: 10 }, () => ({ resId: crypto.randomUUID() })) }, 'POST');
    expect([ten.status, ten.body.msg]).toEqual([400, zh.validation.tooManyPictures]);
    // someone else's upload is not the admin's to add
    const teachers = await uploadPng('teacher');
    const notYours = await api('admin', `/albums/${id}/pictures`, { pictures: [{ resId: teachers }] }, 'POST');
    expect([notYours.status, notYours.body.msg]).toEqual([400, zh.errors.notYours]);
  });

  it('admin fills a school album: pictures in order, reordered, a cover, a caption; on the home page; a picture a post uses is not deleted', async () => {
    const created = await api<AlbumDetail>('admin', '/albums', { title: `校园风景 ${Date.now()}`, scope: 'school', onHome: true }, 'POST');
    expect([created.status, created.body.msg]).toEqual([200, zh.results.created]);
    const id = (created.body.data as AlbumDetail).id;
    albums.push(id);
    const [a, aThumb, b] = [await uploadPng('admin', 'a.png'), await uploadPng('admin', 'a-thumb.png'), await uploadPng('admin', 'b.png')];
    const added = await api<AlbumDetail>('admin', `/albums/${id}/pictures`, { pictures: [{ resId: a, thumbResId: aThumb, caption: '操场' }, { resId: b }] }, 'POST');
    expect([added.status, added.body.msg]).toEqual([200, zh.results.uploaded.replace('{{n}}', '2')]);
    const pics = (added.body.data as AlbumDetail).pictures;
    expect(pics.map((p) => [p.resId, p.thumbResId, p.caption])).toEqual([[a, aThumb, '操场'], [b, b, '']]);
    expect(added.body.data).toMatchObject({ count: 2, coverResId: aThumb, manageable: true });

    const [p1, p2] = pics.map((p) => p.id) as [string, string];
    schoolPicture = a;
    expect((await api('admin', `/albums/${id}/order`, { ids: [p1] }, 'POST')).body.msg).toBe(zh.errors.orderMismatch);
    const ordered = await api<AlbumDetail>('admin', `/albums/${id}/order`, { ids: [p2, p1] }, 'POST');
    expect((ordered.body.data as AlbumDetail).pictures.map((p) => p.id)).toEqual([p2, p1]);
    const covered = await api<AlbumDetail>('admin', `/albums/${id}/cover`, { pictureId: p1 }, 'POST');
    expect(covered.body.data).toMatchObject({ coverPictureId: p1, coverResId: aThumb });
    expect((await api<AlbumDetail>('admin', `/pictures/${p2}`, { caption: '图书馆' }, 'PUT')).body.data?.pictures[0]?.caption).toBe('图书馆');

    // everyone sees a school album and its files: the teacher's carousel has it
    const home = await api<HomePicture[]>('teacher', '/home');
    expect((home.body.data as HomePicture[]).filter((h) => h.albumId === id).map((h) => h.id)).toEqual([p2, p1]);
    expect(await download(aThumb, 'teacher')).toBe(200);

    // a post attaches the picture's file: deleting it is refused, naming the post; the album too
    const title = `校园一角 ${Date.now()}`;
    const post = await call<CreatePostAnswer>('/api/posts', { token: tokens.admin, json: { kind: 'notice', title, body: '<p>看看</p>', audience: { roles: ['teacher'] }, attachments: [a] } });
    expect(post.status).toBe(200);
    posts.push(post.body.data?.id as string);
    const refused = await api('admin', `/pictures/${p1}`, undefined, 'DELETE', 'en');
    expect([refused.status, refused.body.result, refused.body.msg]).toEqual([409, false, en.errors.usedByPost.replace('{{title}}', title)]);
    expect((await api('admin', `/albums/${id}`, undefined, 'DELETE')).body.msg).toBe(zh.errors.albumUsedByPost.replace('{{title}}', title));
    // the other one goes, its file with it
    const removed = await api<AlbumDetail>('admin', `/pictures/${p2}`, undefined, 'DELETE');
    expect([removed.status, removed.body.data?.pictures.map((p) => p.id)]).toEqual([200, [p1]]);
    expect(await download(b, 'admin')).toBe(404);
  });

  it('a teacher cannot make or change a school album; a head teacher makes their class\'s; a parent sees only the album of their child\'s class', async () => {
    const before = await albumCount();
    const teacherMakes = await api('teacher', '/albums', { title: '我的相册', scope: 'school' }, 'POST');
    expect([teacherMakes.status, teacherMakes.body.msg]).toEqual([403, zh.errors.forbidden]);
    const notTheirClass = await api('teacher', '/albums', { title: '别班相册', scope: 'class', classId: classes.other }, 'POST', 'en');
    expect([notTheirClass.status, notTheirClass.body.msg]).toEqual([403, en.errors.classForbidden]);
    expect(await albumCount()).toBe(before);
    const school = albums[1] as string;
    expect((await api('teacher', `/albums/${school}`, { title: '改名', scope: 'school' }, 'PUT')).status).toBe(403);
    expect((await api<AlbumDetail>('teacher', `/albums/${school}`)).body.data?.manageable).toBe(false);
    const logged = await withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM sys_operation_log WHERE account = 'teacher' AND action = 'pictures.album.create' AND result = 'failure'`)).rows[0]?.n));
    expect(logged).toBeGreaterThan(0);

    // the head teacher makes an album of their class (if they head the child's class, the parent sees it)
    const headed = await api<AlbumDetail>('headteacher', '/albums', { title: `班级活动 ${Date.now()}`, scope: 'class', classId: classes.headed }, 'POST');
    expect(headed.status).toBe(200);
    albums.push((headed.body.data as AlbumDetail).id);

    // admin shares one album with the child's class, one with another class
    const mine = await api<AlbumDetail>('admin', '/albums', { title: `本班 ${Date.now()}`, scope: 'class', classId: classes.child }, 'POST');
    const other = await api<AlbumDetail>('admin', '/albums', { title: `别班 ${Date.now()}`, scope: 'class', classId: classes.other }, 'POST');
    const [mineId, otherId] = [(mine.body.data as AlbumDetail).id, (other.body.data as AlbumDetail).id];
    albums.push(mineId, otherId);
    const pic = await uploadPng('admin', 'class.png');
    await api('admin', `/albums/${otherId}/pictures`, { pictures: [{ resId: pic }] }, 'POST');
    const parentList = await api<AlbumList>('parent', '/albums');
    expect([parentList.status, parentList.body.msg]).toEqual([200, expect.anything()]);
    const seen = (parentList.body.data as AlbumList).albums.map((a) => a.id);
    expect(seen).toContain(mineId);
    expect(seen).not.toContain(otherId);
    expect((await api('parent', `/albums/${otherId}`)).status).toBe(404);
    expect(await download(pic, 'parent')).toBe(404);
    // the post editor picks from an album the author sees: the head teacher attaches the school album's picture to a
    // notice of their class; a picture of an album they do not see is refused
    const picked = await call<CreatePostAnswer>('/api/posts', { token: tokens.headteacher, json: { kind: 'notice', title: `班级风采 ${Date.now()}`, body: '<p>看看</p>', audience: { classIds: [classes.headed] }, attachments: [schoolPicture] } });
    expect(picked.status).toBe(200);
    posts.push(picked.body.data?.id as string);
    const unseen = await call('/api/posts', { token: tokens.headteacher, json: { kind: 'notice', title: '别班', body: '<p>看看</p>', audience: { classIds: [classes.headed] }, attachments: [pic] } });
    expect([unseen.status, unseen.body.result]).toEqual([400, false]);
    // a role-limited school album: not to parents
    const staffOnly = await api<AlbumDetail>('admin', '/albums', { title: `教工 ${Date.now()}`, scope: 'school', roles: ['teacher', 'headteacher'] }, 'POST');
    albums.push((staffOnly.body.data as AlbumDetail).id);
    const parentSees = ((await api<AlbumList>('parent', '/albums')).body.data as AlbumList).albums.map((a) => a.id);
    expect(parentSees).not.toContain((staffOnly.body.data as AlbumDetail).id);
    expect(((await api<AlbumList>('teacher', '/albums')).body.data as AlbumList).albums.map((a) => a.id)).toContain((staffOnly.body.data as AlbumDetail).id);
  });

  it('in Chromium: admin uploads two pictures into an album and sees their thumbnails (made in the browser), picks one in the post editor; the albums in en', async () => {
    const title = `开学典礼 ${Date.now()}`;
    const made = await api<AlbumDetail>('admin', '/albums', { title, scope: 'school' }, 'POST');
    const id = (made.body.data as AlbumDetail).id;
    albums.push(id);
    browser = await launchBrowser();
    const admin = await newTestPage(browser);
    const english = await englishPage(browser);
    try {
      const a = admin.page;
      await signedIn(a, 'admin', '/pictures');
      await a.locator(`${tid('album-card')}[data-id="${id}"]`).click();
      await eventually(async () => expect(await a.locator(tid('album-heading')).innerText()).toBe(title));
      await a.locator(tid('album-file-input')).setInputFiles([
        { name: 'red.png', mimeType: 'image/png', buffer: picture(640, 480, [200, 40, 40]) },
        { name: 'blue.png', mimeType: 'image/png', buffer: picture(480, 640, [40, 80, 200]) },
      ]);
      await eventually(async () => expect(await a.locator(`${tid('picture-thumb')}`).evaluateAll((els) => els.filter((e) => e.tagName === 'IMG' && (e as HTMLImageElement).naturalWidth > 0).length)).toBe(2));
      const rows = await withDb(async (c) => (await c.query(`SELECT p.thumb_res_id, f.size AS thumb_size, o.size AS size FROM album_picture p JOIN sys_file f ON f.res_id = p.thumb_res_id JOIN sys_file o ON o.res_id = p.res_id WHERE p.album_id = $1 ORDER BY p.position`, [id])).rows as { thumb_res_id: string }[]);
      expect(rows).toHaveLength(2);
      expect(await a.locator(tid('picture-cover')).count()).toBe(1);
      await shot(a, 'pictures-01-album');

      // the post editor picks one of them from the album
      await signedIn(a, 'admin', `${PUBLISHING_PAGES.find((x) => x.kind === 'notice')?.url ?? ''}?compose=1`);
      await a.locator(tid('post-album-picker')).click();
      await a.locator(`${tid('post-album-picker-album')}[data-id="${id}"]`).click();
      await a.locator(tid('post-album-picker-picture')).first().click();
      await a.locator(tid('post-album-picker-confirm')).click();
      await eventually(async () => expect(await a.locator(`${tid('post-album-picker-picked')} img`).count()).toBe(1));
      await shot(a, 'pictures-03-post-picks');

      const e = english.page;
      await signedIn(e, 'admin', '/pictures');
      await eventually(async () => expect(await e.locator(tid('pictures-view')).innerText()).toContain('New album'));
      expect(await e.locator(`${tid('album-card')}[data-id="${id}"]`).innerText()).toContain('2 pictures');
      await shot(e, 'pictures-02-albums-en');
      for (const p of [admin, english]) expect(p.problems.unexpected()).toEqual([]);
    } finally {
      await admin.close();
      await english.close();
    }
  });
});

import { describe, expect, it } from '@jest/globals';
import PDFDocument from 'pdfkit';
import type { Page } from 'playwright-core';
import type { CreatePostAnswer } from '@schoolflow/contracts';
import { baseUrl, call, login, randomIp, withDb } from '../support/api.js';
import { appUrl, eventually, shot, signedIn, tid } from '../support/browser.js';
import { browserPages } from '../support/flow-pages.js';

// Issue 24's gaps in the browser: a notice's PDF previewed in the page (pdf.js, first page drawn on a canvas, next
// page and zoom), and a notice that asks for a signature — the parent signs on the pad, the head teacher's receipts
// show the signature's thumbnail on the parent's row.

const NOTICES = '/publishing/notice';
const PARENT = 'jz202511001';

/** A 1×1 PNG: the picture that opens large. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A two-page PDF with text and a filled box on each page (something a blank canvas cannot pass for). */
function twoPagePdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const parts: Buffer[] = [];
    doc.on('data', (b: Buffer) => parts.push(b));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
    doc.rect(50, 50, 400, 120).fill('#1a6fb5');
    doc.fillColor('#000').fontSize(28).text('Parents meeting, page 1', 60, 220);
    doc.addPage();
    doc.rect(50, 50, 200, 200).fill('#b51a1a');
    doc.fillColor('#000').fontSize(28).text('Page 2', 60, 300);
    doc.end();
  });
}

async function upload(token: string, name: string, type: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${baseUrl()}/server/file/upload`, { method: 'POST', headers: { 'X-Access-Token': token, 'X-Forwarded-For': randomIp() }, body: form });
  const body = (await res.json()) as { data?: { resId: string }[]; msg?: string };
  const id = body.data?.[0]?.resId;
  if (!id) throw new Error(`upload ${name}: ${body.msg}`);
  return id;
}

async function notice(json: Record<string, unknown>): Promise<string> {
  const token = await login('headteacher');
  const class1 = await withDb(async (c) => String((await c.query(`SELECT id FROM admin_class WHERE name = '高一(1)班'`)).rows[0]?.id));
  const attachments = json.attachments as ((t: string) => Promise<string>)[] | undefined;
  const ids = attachments ? await Promise.all(attachments.map((f) => f(token))) : undefined;
  const res = await call<CreatePostAnswer>('/api/posts', { token, json: { kind: 'notice', body: '<p>请查看</p>', audience: { classIds: [class1], parents: true }, publish: true, ...json, attachments: ids } });
  if (!res.body.data?.id) throw new Error(`notice: ${res.body.msg}`);
  return res.body.data.id;
}

/** How many pixels of the canvas are not white (or transparent): drawn content. */
const inked = (page: Page, selector: string) =>
  page.locator(selector).evaluate((c: HTMLCanvasElement) => {
    const ctx = c.getContext('2d');
    if (!ctx || c.width === 0) return 0;
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if ((d[i + 3] ?? 0) > 0 && ((d[i] ?? 255) < 240 || (d[i + 1] ?? 255) < 240 || (d[i + 2] ?? 255) < 240)) n += 1;
    return n;
  });

describe('publishing documents and signatures in the browser', () => {
  const { page } = browserPages();

  it('a PDF attachment is previewed in the page: the first page drawn, then the next, zoomed; a picture opens large', async () => {
    const pdf = await twoPagePdf();
    const id = await notice({
      title: `校历 PDF ${Date.now().toString(36)}`,
      attachments: [(t: string) => upload(t, '校历.pdf', 'application/pdf', pdf), (t: string) => upload(t, '会场.png', 'image/png', PNG)],
    });
    const parent = await page();
    const p = parent.page;
    await signedIn(p, PARENT, `${NOTICES}?id=${id}`);
    const doc = p.locator(tid('post-document'));
    await doc.waitFor();
    expect(await doc.getAttribute('data-suffix')).toMatch(/pdf$/);
    await doc.locator(tid('post-document-preview')).click();
    await p.locator(`${tid('pdf-canvas')}[data-rendered-page="1"]`).waitFor();
    expect(await p.locator(tid('pdf-page')).innerText()).toBe('第 1 / 2 页');
    expect(await inked(p, tid('pdf-canvas'))).toBeGreaterThan(1000);
    await shot(p, 'publishing-documents-01-pdf-page-1');
    const width = Number(await p.locator(tid('pdf-canvas')).getAttribute('width'));
    await p.locator(tid('pdf-next')).click();
    await p.locator(`${tid('pdf-canvas')}[data-rendered-page="2"]`).waitFor();
    await p.locator(tid('pdf-zoom-in')).click();
    await eventually(async () => expect(Number(await p.locator(tid('pdf-canvas')).getAttribute('width'))).toBeGreaterThan(width));
    expect(await p.locator(tid('pdf-zoom')).innerText()).toBe('125%');
    await eventually(async () => expect(await inked(p, tid('pdf-canvas'))).toBeGreaterThan(1000));
    await shot(p, 'publishing-documents-02-pdf-page-2-zoomed');
    // the picture opens large over the page, and closes with Esc
    await p.locator(`img${tid('post-picture')}`).click();
    await p.locator(`img${tid('post-lightbox-image')}`).waitFor();
    await p.keyboard.press('Escape');
    await p.locator(tid('post-lightbox-image')).waitFor({ state: 'detached' });
    expect(parent.problems.unexpected()).toEqual([]);
  });

  it('a notice asking for a signature: the parent signs on the pad, the head teacher sees the thumbnail on their row', async () => {
    const title = `签名回执 ${Date.now().toString(36)}`;
    const id = await notice({ title, requireSignature: true });
    const parent = await page();
    const head = await page();
    const f = parent.page;
    const h = head.page;
    await Promise.all([signedIn(f, PARENT), signedIn(h, 'headteacher')]);

    await f.goto(appUrl(`${NOTICES}?id=${id}`));
    await f.locator(tid('post-confirm')).click();
    await f.locator(tid('post-sign-dialog')).waitFor();
    // nothing drawn: the pad says so, and nothing is sent
    await f.locator(tid('post-sign-confirm')).click();
    expect(await f.locator(tid('post-signature')).getAttribute('data-signed')).toBe('0');
    const pad = f.locator(tid('post-signature-canvas'));
    const box = await pad.boundingBox();
    if (!box) throw new Error('no signature pad');
    await f.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6);
    await f.mouse.down();
    for (let i = 1; i <= 12; i += 1) await f.mouse.move(box.x + box.width * (0.15 + i * 0.05), box.y + box.height * (0.6 - Math.sin(i / 2) * 0.25));
    await f.mouse.up();
    expect(await f.locator(tid('post-signature')).getAttribute('data-signed')).toBe('1');
    await shot(f, 'publishing-documents-03-parent-signs');
    await f.locator(tid('post-sign-confirm')).click();
    await f.locator(tid('post-confirmed')).waitFor();

    await h.goto(appUrl(`${NOTICES}?id=${id}&view=receipts`));
    const row = h.locator(`${tid('receipt-row')}[data-account="${PARENT}"]`);
    await row.waitFor();
    const thumb = row.locator(`img${tid('receipt-signature')}`);
    await thumb.waitFor();
    expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    // the child's row, confirmed by the parent, carries the parent's signature too
    await row.scrollIntoViewIfNeeded();
    await shot(h, 'publishing-documents-04-receipts-signature');
    expect(parent.problems.unexpected()).toEqual([]);
    expect(head.problems.unexpected()).toEqual([]);
  });
});

import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createDeflateRaw, crc32 } from 'node:zlib';
import { escapeCell } from '@schoolflow/contracts';

/**
 * An .xlsx written row by row straight into a stream (an HTTP response), in memory bounded by one chunk of XML and
 * the deflate window — whatever the number of rows. SheetJS (docs/adr/0009-excel.md) builds the whole workbook in
 * memory first, which is what runs out of memory on large result sets (docs/adr/0038-questionnaires.md#results).
 *
 * The zip is written forward only: each entry's local header says "sizes follow" (bit 3), the sizes and CRC come in
 * a data descriptor after the data, and the central directory at the end repeats them. Strings are inline
 * (`t="inlineStr"`), so no shared-strings table has to be held until the end. Cells go through the contracts'
 * `escapeCell`, like every export (no formula runs from data). One sheet; ZIP64 is not needed below 4 GB.
 */
export class XlsxStreamWriter {
  private readonly entries: { name: Buffer; crc: number; compressed: number; size: number; offset: number }[] = [];
  private offset = 0;
  private row = 0;
  private sheet: SheetEntry | null = null;

  constructor(private readonly out: Writable) {}

  /** The fixed parts and the sheet's opening; `widths` in characters, one per column (optional). */
  async start(sheetName: string, widths: readonly number[] = []): Promise<void> {
    await this.whole('[Content_Types].xml', CONTENT_TYPES);
    await this.whole('_rels/.rels', ROOT_RELS);
    await this.whole('xl/workbook.xml', workbookXml(sheetName));
    await this.whole('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
    await this.whole('xl/styles.xml', STYLES);
    this.sheet = await this.open('xl/worksheets/sheet1.xml');
    const cols = widths.length ? `<cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.max(6, Math.min(80, w))}" customWidth="1"/>`).join('')}</cols>` : '';
    await this.sheet.write(`${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>${cols}<sheetData>`);
  }

  /** One row; waits when the reader is slower than the writer (back-pressure). */
  async addRow(cells: readonly unknown[]): Promise<void> {
    if (!this.sheet) throw new Error('XlsxStreamWriter.start() first');
    this.row += 1;
    const r = this.row;
    let xml = `<row r="${r}">`;
    cells.forEach((v, i) => {
      const ref = `${columnName(i)}${r}`;
      const value = escapeCell(v);
      if (typeof value === 'number' && Number.isFinite(value)) xml += `<c r="${ref}"><v>${value}</v></c>`;
      else if (typeof value === 'boolean') xml += `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
      else if (value !== '') xml += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(String(value))}</t></is></c>`;
    });
    await this.sheet.write(`${xml}</row>`);
  }

  /** The sheet's end, the central directory; the stream is ended. */
  async finish(): Promise<void> {
    if (!this.sheet) throw new Error('XlsxStreamWriter.start() first');
    await this.sheet.write('</sheetData></worksheet>');
    await this.sheet.close();
    this.sheet = null;
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4); // made by: 2.0
      h.writeUInt16LE(20, 6); // needed: 2.0
      h.writeUInt16LE(FLAGS, 8);
      h.writeUInt16LE(8, 10); // deflate
      h.writeUInt32LE(DOS_TIME, 12);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      await this.raw(Buffer.concat([h, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.raw(end);
    this.out.end();
  }

  /** Rows written so far (the header included). */
  get rows(): number {
    return this.row;
  }

  private async whole(name: string, text: string): Promise<void> {
    const e = await this.open(name);
    await e.write(text);
    await e.close();
  }

  private async raw(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await drained(this.out);
  }

  /** A deflated entry: local header now, data as it comes, descriptor at close. */
  private async open(path: string): Promise<SheetEntry> {
    const name = Buffer.from(path, 'utf8');
    const offset = this.offset;
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(FLAGS, 6);
    h.writeUInt16LE(8, 8);
    h.writeUInt32LE(DOS_TIME, 10);
    // crc and sizes (14..25) stay 0: they follow in the data descriptor
    h.writeUInt16LE(name.length, 26);
    await this.raw(Buffer.concat([h, name]));

    const deflate = createDeflateRaw({ level: 6 });
    let crc = 0;
    let size = 0;
    let compressed = 0;
    let pending = '';
    const pump = (async () => {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        compressed += chunk.length;
        await this.raw(chunk);
      }
    })();
    const push = async (text: string) => {
      const bytes = Buffer.from(text, 'utf8');
      crc = crc32(bytes, crc);
      size += bytes.length;
      if (!deflate.write(bytes)) await drained(deflate);
    };
    return {
      write: async (text: string) => {
        pending += text;
        if (pending.length >= CHUNK) {
          const t = pending;
          pending = '';
          await push(t);
        }
      },
      close: async () => {
        if (pending) await push(pending);
        pending = '';
        deflate.end();
        await pump;
        const d = Buffer.alloc(16);
        d.writeUInt32LE(0x08074b50, 0);
        d.writeUInt32LE(crc >>> 0, 4);
        d.writeUInt32LE(compressed, 8);
        d.writeUInt32LE(size, 12);
        await this.raw(d);
        this.entries.push({ name, crc: crc >>> 0, compressed, size, offset });
      },
    };
  }
}

interface SheetEntry {
  write(text: string): Promise<void>;
  close(): Promise<void>;
}

async function drained(s: Writable): Promise<void> {
  if (s.destroyed) throw new Error('the download was closed');
  // one listener pair per wait, removed by the abort whichever comes first (no listeners pile up over 20,000 rows)
  const done = new AbortController();
  try {
    await Promise.race([once(s, 'drain', { signal: done.signal }), once(s, 'close', { signal: done.signal }).then(() => Promise.reject(new Error('the download was closed')))]);
  } finally {
    done.abort();
  }
}

/** XML text without the characters XML 1.0 cannot hold at all (control characters other than tab and newlines). */
function xmlText(s: string): string {
  return (
    s
      // eslint-disable-next-line no-control-regex -- exactly the characters XML 1.0 refuses
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
  );
}

/** A, B, …, Z, AA, … for a 0-based column. */
export function columnName(i: number): string {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** About 64 KB of XML per deflate write: few calls, little held. */
const CHUNK = 64 * 1024;
/** Bit 3: sizes in a data descriptor; bit 11: names in UTF-8. */
const FLAGS = 0x0808;
/** 1980-01-01 00:00 in DOS form: the entries' times carry no meaning here. */
const DOS_TIME = (1 << 21) | (1 << 16);
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;
const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs></styleSheet>`;
const workbookXml = (sheetName: string) =>
  `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${xmlText(sheetName).replace(/"/g, '&quot;')}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * Hostile .xlsx files, built by hand (a spreadsheet library would refuse to write them): a real workbook whose one
 * sheet has `rows` rows of `cells` cells, deflated, with the zip's directory telling the truth about the sizes or
 * lying (`declare`: the uncompressed size to claim for the sheet — a zip bomb hides its size that way).
 */
export interface BombOptions {
  rows: number;
  cells: number;
  /** The uncompressed size claimed for the sheet; its real size when absent. */
  declare?: number;
}

interface Entry {
  name: string;
  data: Buffer;
  crc: number;
  size: number;
}

const WORKBOOK_FILES: [string, string][] = [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ],
  [
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="users" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ],
  [
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  ],
];

function column(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** The sheet's XML, produced piece by piece and deflated as it goes (never held whole in memory). */
async function deflatedSheet(rows: number, cells: number): Promise<Entry> {
  const deflate = createDeflateRaw({ level: 6 });
  const parts: Buffer[] = [];
  deflate.on('data', (d: Buffer) => parts.push(d));
  const done = new Promise<void>((resolve) => deflate.on('end', resolve));
  let crc = 0;
  let size = 0;
  const write = async (s: string): Promise<void> => {
    const b = Buffer.from(s);
    crc = crc32(b, crc);
    size += b.length;
    if (!deflate.write(b)) await new Promise((r) => deflate.once('drain', r));
  };
  await write(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`);
  const header = `<row r="1">${Array.from({ length: cells }, (_, c) => `<c r="${column(c)}1" t="inlineStr"><is><t>${c === 0 ? '账号' : `col${c}`}</t></is></c>`).join('')}</row>`;
  await write(header);
  // Rows without cell references (they are optional): all alike, so they deflate as a bomb does, ~1000 : 1.
  const row = `<row>${Array.from({ length: cells }, (_, c) => `<c t="inlineStr"><is><t>v${c % 10}</t></is></c>`).join('')}</row>`;
  const batch = row.repeat(Math.max(1, Math.min(rows, Math.floor(1_000_000 / row.length))));
  const per = batch.length / row.length;
  let left = rows;
  for (; left >= per; left -= per) await write(batch);
  if (left > 0) await write(row.repeat(left));
  await write('</sheetData></worksheet>');
  deflate.end();
  await done;
  return { name: 'xl/worksheets/sheet1.xml', data: Buffer.concat(parts), crc, size };
}

function stored(name: string, text: string): Entry {
  const raw = Buffer.from(text);
  return { name, data: raw, crc: crc32(raw), size: raw.length };
}

/** Builds the .xlsx (a zip: local headers, data, central directory, end record). */
export async function xlsxBomb(o: BombOptions): Promise<Buffer> {
  const sheet = await deflatedSheet(o.rows, o.cells);
  const entries: (Entry & { method: number; claim: number })[] = [
    ...WORKBOOK_FILES.map(([n, t]) => ({ ...stored(n, t), method: 0, claim: Buffer.byteLength(t) })),
    { ...sheet, method: 8, claim: o.declare ?? sheet.size },
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.claim >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, e.data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.claim >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

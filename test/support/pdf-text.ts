import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF this server wrote (pdfkit, one embedded font): the streams inflated, the font's ToUnicode map
 * read, each text object's glyph strings mapped back to characters — one line per text object. Enough to check what
 * a certificate says without a PDF library in the tests.
 */
export function pdfText(pdf: Buffer): string[] {
  const streams = pdfStreams(pdf);
  const cmap = new Map<number, string>();
  for (const s of streams.filter((x) => x.includes('begincmap'))) readCmap(s, cmap);
  const lines: string[] = [];
  for (const s of streams.filter((x) => x.includes('BT'))) {
    for (const block of s.split('BT').slice(1)) {
      // glyph strings, and the moves between them: pdfkit writes a space between words as a move of about a space's width
      const text = [...block.split('ET')[0]!.matchAll(/<([0-9a-fA-F]+)>|(-?\d+(?:\.\d+)?)(?=\s*<)/g)]
        .map((m) => (m[1] ? m[1].match(/.{4}/g)!.map((g) => cmap.get(parseInt(g, 16)) ?? '').join('') : Number(m[2]) < -200 ? ' ' : ''))
        .join('');
      if (text !== '') lines.push(text);
    }
  }
  return lines;
}

function pdfStreams(pdf: Buffer): string[] {
  const out: string[] = [];
  const latin = pdf.toString('latin1');
  let at = 0;
  for (;;) {
    const start = latin.indexOf('stream\n', at);
    if (start < 0) break;
    const dictStart = latin.lastIndexOf('<<', start);
    const dict = latin.slice(dictStart, start);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? -1);
    const bodyStart = start + 'stream\n'.length;
    if (length < 0 || latin.slice(start - 3, start) === 'end') {
      at = bodyStart;
      continue;
    }
    const body = pdf.subarray(bodyStart, bodyStart + length);
    try {
      out.push((dict.includes('/FlateDecode') ? inflateSync(body) : body).toString('latin1'));
    } catch {
      // a font file or an image: not text
    }
    at = bodyStart + length;
  }
  return out;
}

const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));

function readCmap(text: string, into: Map<number, string>): void {
  for (const block of text.split('beginbfrange').slice(1)) {
    const body = block.split('endbfrange')[0]!;
    for (const m of body.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const lo = parseInt(m[1]!, 16);
      const hi = parseInt(m[2]!, 16);
      const dst = m[3]!;
      // a ligature maps to several characters: <0066 0069> is "fi"
      if (dst.startsWith('[')) [...dst.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((d, i) => into.set(lo + i, utf16(d[1]!.replace(/\s/g, ''))));
      else for (let g = lo; g <= hi; g++) into.set(g, String.fromCharCode(parseInt(dst.slice(1, -1), 16) + (g - lo)));
    }
  }
  for (const block of text.split('beginbfchar').slice(1)) {
    for (const m of block.split('endbfchar')[0]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) into.set(parseInt(m[1]!, 16), utf16(m[2]!));
  }
}

// fontkit ships no types. What the PDF code uses of it: a parsed font, which pdfkit embeds as it is (pdfkit takes any
// font object with `layout`, as it makes from bytes itself).
declare module 'fontkit' {
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}

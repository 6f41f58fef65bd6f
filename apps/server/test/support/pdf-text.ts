// The text of a PDF as pdfkit writes it, for tests to read a statement without a PDF library:
// each content stream is inflated (FlateDecode) and its text operators (Tj, TJ) decoded from the
// WinAnsi encoding of the standard fonts. One line per operator: a TJ array's pieces, split only
// for kerning, are one line.
import { inflateSync } from 'node:zlib';

/** WinAnsi (Windows-1252) from 0x80 to 0x9F; the rest is Latin-1. Node's own decoder reads these as Latin-1. */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

const winAnsi = {
  decode: (bytes: Uint8Array) =>
    Array.from(bytes, (byte) =>
      byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_HIGH.charAt(byte - 0x80) : String.fromCharCode(byte),
    ).join(''),
};

function decodeString(token: string): string {
  if (token.startsWith('<')) return winAnsi.decode(Buffer.from(token.slice(1, -1), 'hex'));
  // A literal string: (…) with backslash escapes.
  const body = token.slice(1, -1).replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, escape: string) => {
    const named: Record<string, string> = {
      n: '\n',
      r: '\r',
      t: '\t',
      b: '\b',
      f: '\f',
      '(': '(',
      ')': ')',
      '\\': '\\',
    };
    return named[escape] ?? String.fromCharCode(parseInt(escape, 8));
  });
  return winAnsi.decode(Buffer.from(body, 'latin1'));
}

function contentStreams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  const pattern = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    const bytes = pdf.subarray(start, end);
    const compressed = /\/Filter\s*\/FlateDecode/.test(match[1] ?? '');
    try {
      streams.push((compressed ? inflateSync(bytes) : bytes).toString('latin1'));
    } catch {
      // Not a stream of ours (an image, a font): no text in it.
    }
    pattern.lastIndex = end;
  }
  return streams;
}

/** The lines of text of every page, in the order they were written. */
export function pdfTextLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  const operators =
    /\[((?:<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)|[-\d.\s])*)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\))\s*Tj/g;
  for (const stream of contentStreams(pdf)) {
    for (const match of stream.matchAll(operators)) {
      const strings =
        match[1] !== undefined
          ? (match[1].match(/<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)/g) ?? [])
          : [match[2] ?? ''];
      lines.push(strings.map(decodeString).join(''));
    }
  }
  return lines;
}

/** How many pages the document has. */
export function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;
}

/**
 * Cuts a stream of byte chunks into lines without holding more than one chunk and one partial
 * line: a line split across chunks is joined, CRLF loses its CR, and the last line counts even
 * without a final line break. Lines are handed over as bounds in a buffer, never copied into
 * strings.
 */
import { CsvImportError } from './import-error';

type LineHandler = (buf: Uint8Array, start: number, end: number) => void;

const LF = 0x0a;
const CR = 0x0d;
/** Longer than any price row; past it the file is not text with line breaks. */
const MAX_LINE_BYTES = 1 << 20;

export class LineSplitter {
  private carry: Uint8Array | null = null;
  private readonly breakByte: number;
  private readonly onLine: LineHandler;

  constructor(crLineEnds: boolean, onLine: LineHandler) {
    this.breakByte = crLineEnds ? CR : LF;
    this.onLine = onLine;
  }

  push(chunk: Uint8Array): void {
    let pos = 0;
    if (this.carry) {
      const lineEnd = chunk.indexOf(this.breakByte);
      if (lineEnd < 0) {
        this.carry = join(this.carry, chunk);
        return;
      }
      const line = join(this.carry, chunk.subarray(0, lineEnd));
      this.carry = null;
      this.emit(line, 0, line.length);
      pos = lineEnd + 1;
    }
    for (;;) {
      const lineEnd = chunk.indexOf(this.breakByte, pos);
      if (lineEnd < 0) break;
      this.emit(chunk, pos, lineEnd);
      pos = lineEnd + 1;
    }
    // Copied: the caller may reuse the chunk's memory.
    if (pos < chunk.length) this.carry = join(new Uint8Array(0), chunk.subarray(pos));
  }

  /** Hands over the last line when the file does not end with a line break. */
  end(): void {
    if (!this.carry) return;
    const line = this.carry;
    this.carry = null;
    this.emit(line, 0, line.length);
  }

  private emit(buf: Uint8Array, start: number, end: number): void {
    let s = start;
    let e = end;
    if (this.breakByte === LF) {
      if (e > s && buf[e - 1] === CR) e--;
    } else if (s < e && buf[s] === LF) {
      s++;
    }
    this.onLine(buf, s, e);
  }
}

function join(head: Uint8Array, tail: Uint8Array): Uint8Array {
  if (head.length + tail.length > MAX_LINE_BYTES) {
    throw new CsvImportError(
      'line-too-long',
      'Il file contiene una riga più lunga di 1 MB: non è un file di prezzi CSV con una barra per riga.',
    );
  }
  const joined = new Uint8Array(head.length + tail.length);
  joined.set(head);
  joined.set(tail, head.length);
  return joined;
}

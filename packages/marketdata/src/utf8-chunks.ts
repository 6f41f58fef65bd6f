/**
 * The uploaded bytes as UTF-8 chunks, whatever the source hands over: Node streams (Buffers, or
 * strings after setEncoding), web streams, arrays of chunks. A UTF-8 byte-order mark is dropped;
 * a UTF-16 file (what Windows tools write when told "Unicode") is converted as it streams.
 */
import { TextDecoder } from 'node:util';

export type CsvSource = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

/** Enough bytes to recognise a byte-order mark. */
const BOM_BYTES = 3;

export async function* utf8Chunks(source: CsvSource): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  let head: Uint8Array | null = new Uint8Array(0);
  let utf16: TextDecoder | null = null;
  for await (const piece of source) {
    let chunk = typeof piece === 'string' ? encoder.encode(piece) : piece;
    if (head) {
      chunk = concat(head, chunk);
      if (chunk.length < BOM_BYTES) {
        head = chunk;
        continue;
      }
      head = null;
      utf16 = utf16Decoder(chunk);
      if (!utf16 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
    }
    if (utf16) chunk = encoder.encode(utf16.decode(chunk, { stream: true }));
    if (chunk.length > 0) yield chunk;
  }
  if (head && head.length > 0) yield head;
  if (utf16) {
    const rest = encoder.encode(utf16.decode());
    if (rest.length > 0) yield rest;
  }
}

/** A decoder that drops the BOM itself, when the bytes start with a UTF-16 one. */
function utf16Decoder(bytes: Uint8Array): TextDecoder | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be');
  return null;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

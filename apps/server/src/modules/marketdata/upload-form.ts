/**
 * The upload's multipart body as the service wants it: its parts in arrival order, a file as a
 * stream of chunks that is read once, never held whole. Everything that can go wrong in the
 * transport (a file over the limit, a second file, a broken or cut-off body) surfaces here as an
 * AppError with a 4xx status, so no framework error escapes as a 500.
 */
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from '@platform/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors';

/** Messages of refusals the spec does not word. */
export const UPLOAD_REFUSALS = {
  oneFile: 'Carica un solo file alla volta.',
  malformed: 'Modulo di upload non valido: riprova.',
  timeframe: "Timeframe non valido: scegli '1m' o '1d'.",
} as const;

/** Multipart limits: one file of at most maxBytes (600 MB, product-spec.md section 9) and a few short fields. */
export function uploadLimits(maxBytes = UPLOAD_MAX_BYTES) {
  return { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 };
}

/** Boundaries and the short fields around the file; a body larger than file + this is refused unread. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;

export type UploadPart =
  | { kind: 'field'; name: string; value: string }
  | {
      kind: 'file';
      name: string;
      filename: string;
      /** The file's bytes; fails with the 413 refusal when the file is over the limit. */
      content: AsyncIterable<Uint8Array>;
      /** Reads past the file unused, so that the parts after it can arrive. */
      skip(): Promise<void>;
    };

export interface UploadForm {
  parts: AsyncIterable<UploadPart>;
}

export const fileTooLarge = () => new AppError(413, UPLOAD_MESSAGES.tooLarge);

/** The request's multipart body; a request without one is refused as having no file. */
export function uploadFormOf(request: FastifyRequest, maxBytes = UPLOAD_MAX_BYTES): UploadForm {
  if (!request.isMultipart()) throw badRequest(UPLOAD_MESSAGES.fileAndAlgorithm);
  const declared = Number(request.headers['content-length']);
  if (declared > maxBytes + FORM_OVERHEAD_BYTES) throw fileTooLarge();
  return { parts: partsOf(request, maxBytes) };
}

async function* partsOf(request: FastifyRequest, maxBytes: number): AsyncGenerator<UploadPart> {
  try {
    for await (const part of request.parts({ limits: uploadLimits(maxBytes) })) {
      if (part.type === 'field') {
        yield {
          kind: 'field',
          name: part.fieldname,
          value: typeof part.value === 'string' ? part.value : '',
        };
        continue;
      }
      const file = part.file;
      yield {
        kind: 'file',
        name: part.fieldname,
        filename: part.filename,
        content: chunksOf(file),
        skip: async () => {
          const chunks = chunksOf(file);
          while (!(await chunks.next()).done);
        },
      };
    }
  } catch (error) {
    throw transportError(error);
  }
}

/**
 * The file's bytes in pieces of about a megabyte. A socket hands over 16 to 64 KB at a time, and
 * the CSV reader has a cost per piece that makes such small ones up to twice as slow; joining them
 * costs one copy of the file, which is cheap beside the parsing.
 */
async function* chunksOf(file: NodeJS.ReadableStream & { truncated?: boolean }): AsyncGenerator<Uint8Array> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  try {
    for await (const chunk of file) {
      pending.push(chunk as Buffer);
      pendingBytes += (chunk as Buffer).length;
      if (pendingBytes >= CHUNK_BYTES) {
        yield pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
      }
    }
  } catch (error) {
    throw transportError(error);
  }
  // Past the limit busboy stops the file short and says so only here.
  if (file.truncated) throw fileTooLarge();
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}

function transportError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge();
    case 'FST_FILES_LIMIT':
      return badRequest(UPLOAD_REFUSALS.oneFile);
    default:
      // Limits on fields and parts, a malformed or cut-off body: the request, not the server.
      return badRequest(UPLOAD_REFUSALS.malformed);
  }
}

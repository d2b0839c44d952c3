import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '@candor/contracts/files';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

/** The bytes of the one file sent in the multipart field `field` (at most 5 MB). */
export async function readUploadedFile(request: FastifyRequest, field = 'file'): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('FILE_REQUIRED', UPLOAD_MESSAGES.required);
  try {
    const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    if (!part || part.fieldname !== field) {
      part?.file.resume();
      throw new AppError('FILE_REQUIRED', UPLOAD_MESSAGES.required);
    }
    const data = await part.toBuffer();
    if (data.length === 0) {
      // A form submitted with no file chosen sends an empty part with no file name; a file chosen
      // with nothing in it (0 bytes) keeps its name, and is said to be empty.
      if (part.filename === '') throw new AppError('FILE_REQUIRED', UPLOAD_MESSAGES.required);
      throw new AppError('FILE_EMPTY', UPLOAD_MESSAGES.empty);
    }
    return data;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (hasCode(error, 'FST_REQ_FILE_TOO_LARGE'))
      throw new AppError('FILE_TOO_LARGE', UPLOAD_MESSAGES.tooLarge);
    // Everything else here is a body that is not well-formed multipart (no boundary, cut short, …).
    request.log.info({ err: error }, 'unreadable multipart upload');
    throw new AppError('VALIDATION_FAILED', UPLOAD_MESSAGES.malformed);
  }
}

function hasCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

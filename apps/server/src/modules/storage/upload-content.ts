import {
  ACCEPTED_TYPES,
  type FilePurpose,
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  type UploadType,
} from '@candor/contracts/files';
import { AppError } from '../../lib/app-error.ts';
import { bytesAfterImage, isActiveContent } from './image-end.ts';

/** An upload that passed the content checks, ready to store. */
export type PreparedUpload = { body: Buffer; contentType: UploadType; extension: FileExtension };
export type FileExtension = 'png' | 'jpg' | 'webp' | 'pdf';

export const EXTENSIONS = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
} as const satisfies Record<UploadType, FileExtension>;

/** Decoding more pixels than this is refused before any decoding happens (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;

/** Re-encoded images are scaled down to fit this many pixels on their longest side. */
const MAX_EDGE = {
  favicon: 512,
  profile_picture: 1024,
  trader_picture: 1024,
  proof_of_payment: 4096,
  id_card: 4096,
} as const satisfies Record<FilePurpose, number>;

/**
 * Judges an upload by its bytes (magic numbers), never by its name or declared type, and re-encodes
 * images. PDFs, allowed only for documents, are kept as sent: they are served only as downloads.
 */
export async function prepareUpload(data: Buffer, purpose: FilePurpose): Promise<PreparedUpload> {
  if (data.length === 0) throw new AppError('FILE_EMPTY', UPLOAD_MESSAGES.empty);
  if (data.length > MAX_UPLOAD_BYTES) throw new AppError('FILE_TOO_LARGE', UPLOAD_MESSAGES.tooLarge);
  const accepted: readonly UploadType[] = ACCEPTED_TYPES[purpose];
  // Loaded on first upload rather than at start-up (sharp alone costs ~0.3 s to import).
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = (await fileTypeFromBuffer(data))?.mime;
  const type = accepted.find((candidate) => candidate === detected);
  if (!type) {
    const message = accepted.includes('application/pdf')
      ? UPLOAD_MESSAGES.notAnImageOrPdf
      : UPLOAD_MESSAGES.notAnImage;
    throw new AppError('UNSUPPORTED_FILE_TYPE', message);
  }
  if (type === 'application/pdf') return { body: data, contentType: type, extension: 'pdf' };
  // A polyglot: a real image with a page, a script or an archive after it.
  if (isActiveContent(bytesAfterImage(data, type))) {
    throw new AppError('UNSUPPORTED_FILE_TYPE', UPLOAD_MESSAGES.hiddenContent);
  }
  return {
    body: await reencodeImage(data, type, MAX_EDGE[purpose]),
    contentType: type,
    extension: EXTENSIONS[type],
  };
}

/**
 * Decodes and encodes the image again in its own format (PNG keeps transparency for favicons,
 * photos stay JPEG, WebP stays WebP), so what is stored is pixels we produced: no EXIF (location,
 * camera serial), no comments, no trailing payloads (harmless ones, such as a motion photo's video;
 * active ones were refused before). `.rotate()` first applies the EXIF orientation
 * that would otherwise be lost with the metadata.
 */
async function reencodeImage(data: Buffer, type: Exclude<UploadType, 'application/pdf'>, maxEdge: number) {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false } as const;
  const { default: sharp } = await import('sharp');
  try {
    const { width = 0, height = 0 } = await sharp(data, options).metadata();
    if (width * height > MAX_INPUT_PIXELS)
      throw new AppError('FILE_TOO_LARGE', UPLOAD_MESSAGES.tooManyPixels);
    const image = sharp(data, options)
      .rotate()
      .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true });
    if (type === 'image/png') return await image.png().toBuffer();
    if (type === 'image/jpeg') return await image.jpeg({ quality: 85 }).toBuffer();
    return await image.webp({ quality: 85 }).toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError('FILE_TOO_LARGE', UPLOAD_MESSAGES.tooManyPixels);
    }
    throw new AppError('UNSUPPORTED_FILE_TYPE', UPLOAD_MESSAGES.unreadable);
  }
}

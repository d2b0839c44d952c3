import { IMAGE_TYPES, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '@candor/contracts/files';

const ACCEPTED: readonly string[] = IMAGE_TYPES;

/** The `accept` attribute of an image input. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/**
 * Why a chosen image cannot be uploaded, judged before sending it (the server checks the content
 * again); null when it looks fine.
 */
export function findImageProblem(file: File): string | null {
  if (!ACCEPTED.includes(file.type)) return UPLOAD_MESSAGES.notAnImage;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}

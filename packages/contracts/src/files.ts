import { z } from 'zod';

/** What an upload is for: it decides the accepted types and who may fetch the file. */
export const FILE_PURPOSES = [
  'favicon',
  'profile_picture',
  'trader_picture',
  'proof_of_payment',
  'id_card',
] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** A public file is served to anyone (favicons); a private one only to its owner and staff. */
export const FILE_VISIBILITIES = ['public', 'private'] as const;
export type FileVisibility = (typeof FILE_VISIBILITIES)[number];

/** 5 MB: the largest upload the product accepts. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const DOCUMENT_TYPES = ['application/pdf'] as const;
export type UploadType = (typeof IMAGE_TYPES)[number] | (typeof DOCUMENT_TYPES)[number];

const UPLOAD_TYPES: readonly string[] = [...IMAGE_TYPES, ...DOCUMENT_TYPES];
export function isUploadType(value: string): value is UploadType {
  return UPLOAD_TYPES.includes(value);
}

/**
 * Types each purpose accepts, judged by the file's content (never its name). ID sides are images
 * only (seed-spec, Verification details: "front and back ID images"): the reviewer sees them as
 * pictures, and the identity page says "PNG, JPEG or WebP".
 */
export const ACCEPTED_TYPES = {
  favicon: IMAGE_TYPES,
  profile_picture: IMAGE_TYPES,
  trader_picture: IMAGE_TYPES,
  proof_of_payment: [...IMAGE_TYPES, ...DOCUMENT_TYPES],
  id_card: IMAGE_TYPES,
} as const satisfies Record<FilePurpose, readonly UploadType[]>;

export const UPLOAD_MESSAGES = {
  required: 'Please select a file first',
  /** A file was chosen, but it holds nothing (0 bytes): the spec has no words for it (decision 060). */
  empty: 'The file is empty. Please choose another file.',
  tooLarge: 'The file is larger than 5 MB.',
  notAnImage: 'Please choose a PNG, JPEG or WebP image.',
  notAnImageOrPdf: 'Please choose a PNG, JPEG or WebP image or a PDF document.',
  unreadable: 'The image could not be read. Please choose another file.',
  malformed: 'The upload could not be read. Please try again.',
  tooManyPixels: 'The image is too large: it has more than 40 megapixels.',
  hiddenContent: 'The image has other content hidden after the picture. Please choose another file.',
} as const;

/** Where a stored file is served. */
export function fileUrl(fileId: string): string {
  return `/api/files/${fileId}`;
}

export const ProfilePictureResponseSchema = z
  .object({ profileImageUrl: z.string() })
  .meta({ id: 'ProfilePictureResponse' });
export type ProfilePictureResponse = z.infer<typeof ProfilePictureResponseSchema>;

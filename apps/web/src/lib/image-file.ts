import { IMAGE_TYPES, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '@candor/contracts/files';

const ACCEPTED: readonly string[] = IMAGE_TYPES;

/** The `accept` attribute of an image input. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/**
 * Why a chosen image cannot be uploaded, judged before sending it (the server checks the content
 * again); null when it looks fine.
 */
export function findImageProblem(file: File): string | null {
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  if (!ACCEPTED.includes(file.type)) return UPLOAD_MESSAGES.notAnImage;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}

/** The first bytes of the three image formats the server accepts (it judges the bytes, not the name). */
function startsLikeAcceptedImage(head: Uint8Array): boolean {
  const at = (offset: number, bytes: readonly number[]) => bytes.every((b, i) => head[offset + i] === b);
  const png = at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const jpeg = at(0, [0xff, 0xd8, 0xff]);
  const webp = at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50]); // RIFF….WEBP
  return png || jpeg || webp;
}

function readHead(file: File, length: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file.slice(0, length));
  });
}

/** Whether the browser can decode the file as a picture (createImageBitmap, else an <img>). */
function decodes(file: File): Promise<boolean> {
  if (typeof createImageBitmap === 'function') {
    return createImageBitmap(file).then(
      (bitmap) => {
        bitmap.close();
        return true;
      },
      () => false,
    );
  }
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(true);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      resolve(false);
    };
    image.src = url;
  });
}

/**
 * `findImageProblem`, then the content: a renamed text file or an SVG named .png is not a picture
 * (the server's words for a refused image) and gets no preview. Null when it is one.
 */
export async function checkImageFile(file: File): Promise<string | null> {
  const problem = findImageProblem(file);
  if (problem) return problem;
  try {
    if (!startsLikeAcceptedImage(await readHead(file, 12))) return UPLOAD_MESSAGES.notAnImage;
  } catch {
    return UPLOAD_MESSAGES.unreadable;
  }
  return (await decodes(file)) ? null : UPLOAD_MESSAGES.unreadable;
}

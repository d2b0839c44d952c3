import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export type UploadPart = { field?: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data request body with one file, as a browser's form would send it. */
export function multipartUpload(part: UploadPart): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----candor${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename}"\r\n` +
    `Content-Type: ${part.contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), part.data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small solid image in the given format. */
export function makeImage(format: 'png' | 'jpeg' | 'webp', width = 32, height = 24): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG carrying EXIF: camera, owner, a GPS position and the orientation "rotate 90° clockwise". */
export function makeJpegWithExif(width = 40, height = 20): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#cc3366' } })
    .withExif({
      IFD0: { Make: 'SecretCam', Artist: 'Jane Secret' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** A minimal PDF document. */
export function makePdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

import { crc32 } from 'node:zlib';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '@candor/contracts/files';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { makeImage, makeJpegWithExif, makePdf } from '../../test/uploads.ts';
import { prepareUpload } from './upload-content.ts';

describe('accepted by content', () => {
  test.each(['png', 'jpeg', 'webp'] as const)('a %s image keeps its format', async (format) => {
    const prepared = await prepareUpload(await makeImage(format), 'profile_picture');
    expect(prepared.contentType).toBe(`image/${format}`);
    expect((await sharp(prepared.body).metadata()).format).toBe(format);
  });

  test('a PDF is accepted for a proof of payment, unchanged', async () => {
    const prepared = await prepareUpload(makePdf(), 'proof_of_payment');
    expect(prepared).toEqual({ body: makePdf(), contentType: 'application/pdf', extension: 'pdf' });
  });
});

describe('refused by content', () => {
  test.each([
    ['a PDF as a profile picture', makePdf, 'profile_picture', UPLOAD_MESSAGES.notAnImage],
    ['a PDF as a favicon', makePdf, 'favicon', UPLOAD_MESSAGES.notAnImage],
    [
      'a PDF as a side of an ID (the reviewer reads pictures)',
      makePdf,
      'id_card',
      UPLOAD_MESSAGES.notAnImage,
    ],
    ['plain text', () => Buffer.from('just some text'), 'proof_of_payment', UPLOAD_MESSAGES.notAnImageOrPdf],
    [
      'an SVG (it can carry scripts)',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'favicon',
      UPLOAD_MESSAGES.notAnImage,
    ],
    [
      'an HTML page',
      () => Buffer.from('<!doctype html><script>alert(1)</script>'),
      'id_card',
      UPLOAD_MESSAGES.notAnImage,
    ],
  ] as const)('%s', async (_name, make, purpose, message) => {
    await expect(prepareUpload(make(), purpose)).rejects.toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
      message,
    });
  });

  test('a GIF is not one of the accepted images', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expect(prepareUpload(gif, 'profile_picture')).rejects.toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
    });
  });

  test('a file with a PNG signature but broken content cannot be read', async () => {
    const broken = Buffer.concat([(await makeImage('png')).subarray(0, 40), Buffer.alloc(200, 7)]);
    await expect(prepareUpload(broken, 'profile_picture')).rejects.toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
      message: UPLOAD_MESSAGES.unreadable,
    });
  });

  test('an image of more than 40 megapixels is refused before it is decoded', async () => {
    // A decompression bomb: a few bytes whose header claims 10,000 × 10,000 pixels.
    const bomb = withPngSize(await makeImage('png'), 10_000, 10_000);
    expect((await sharp(bomb).metadata()).width).toBe(10_000);
    await expect(prepareUpload(bomb, 'id_card')).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: UPLOAD_MESSAGES.tooManyPixels,
    });
  });

  test('more than 5 MB is too large, and nothing at all is an empty file', async () => {
    const big = Buffer.concat([await makeImage('png'), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    await expect(prepareUpload(big, 'id_card')).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'The file is larger than 5 MB.',
    });
    await expect(prepareUpload(Buffer.alloc(0), 'id_card')).rejects.toMatchObject({
      code: 'FILE_EMPTY',
      message: 'The file is empty. Please choose another file.',
    });
  });
});

describe('re-encoding', () => {
  test('drops EXIF (camera, owner, GPS) after applying its orientation', async () => {
    const original = await makeJpegWithExif(40, 20);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { body } = await prepareUpload(original, 'id_card');
    const metadata = await sharp(body).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(body.includes('SecretCam')).toBe(false);
    expect(body.includes('Jane Secret')).toBe(false);
    // Orientation 6 means "turn 90°": the stored pixels are already upright.
    expect([metadata.width, metadata.height]).toEqual([20, 40]);
  });

  test("drops harmless bytes after the end of the image (a phone's motion-photo video)", async () => {
    const video = Buffer.from('\u0000\u0000\u0000\u0018ftypmp42\u0000\u0000\u0000\u0000mp42isom');
    const payload = Buffer.concat([await makeImage('jpeg'), video]);
    const { body } = await prepareUpload(payload, 'id_card');
    expect(body.includes('ftypmp42')).toBe(false);
  });

  test('refuses a page, a script or an archive after the end of the image (a polyglot)', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const payload = Buffer.concat([await makeImage(format), Buffer.from('<script>alert(1)</script>')]);
      await expect(prepareUpload(payload, 'favicon')).rejects.toMatchObject({
        code: 'UNSUPPORTED_FILE_TYPE',
        message: UPLOAD_MESSAGES.hiddenContent,
      });
    }
  });

  test('scales a favicon down to at most 512 pixels', async () => {
    const { body } = await prepareUpload(await makeImage('png', 2000, 1000), 'favicon');
    const { width, height } = await sharp(body).metadata();
    expect([width, height]).toEqual([512, 256]);
  });
});

/** The PNG with its header (IHDR) rewritten to claim another size, checksum included. */
function withPngSize(png: Buffer, width: number, height: number): Buffer {
  const patched = Buffer.from(png);
  patched.writeUInt32BE(width, 16);
  patched.writeUInt32BE(height, 20);
  patched.writeUInt32BE(crc32(patched.subarray(12, 29)), 29);
  return patched;
}

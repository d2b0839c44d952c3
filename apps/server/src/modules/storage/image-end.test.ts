import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { makeImage, makeJpegWithExif } from '../../test/uploads.ts';
import { bytesAfterImage, findImageEnd, isActiveContent } from './image-end.ts';

const TYPES = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;

describe('the end of an image is found from its structure', () => {
  test.each(['png', 'jpeg', 'webp'] as const)('a %s ends at its last byte', async (format) => {
    const image = await makeImage(format, 50, 30);
    expect(findImageEnd(image, TYPES[format])).toBe(image.length);
    expect(bytesAfterImage(Buffer.concat([image, Buffer.from('tail')]), TYPES[format]).toString()).toBe(
      'tail',
    );
  });

  test('a progressive JPEG with an EXIF block ends at its EOI marker', async () => {
    const jpeg = await sharp(await makeJpegWithExif(64, 48))
      .keepExif()
      .jpeg({ progressive: true })
      .toBuffer();
    expect(findImageEnd(jpeg, 'image/jpeg')).toBe(jpeg.length);
  });

  test('a structure that cannot be followed gives no end', async () => {
    const png = await makeImage('png');
    expect(findImageEnd(png.subarray(0, 20), 'image/png')).toBeUndefined();
    expect(bytesAfterImage(png.subarray(0, 20), 'image/png')).toHaveLength(0);
  });
});

describe('what follows an image', () => {
  test.each([
    ['an HTML page', '<!DOCTYPE html><p>hi'],
    ['a script', '<script>alert(1)</script>'],
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['a ZIP', 'PK\u0003\u0004\u0014\u0000'],
    ['a PDF', '%PDF-1.7'],
  ])('%s makes a polyglot', (_name, trailer) => {
    expect(isActiveContent(Buffer.from(trailer, 'latin1'))).toBe(true);
  });

  test.each([
    ['nothing', ''],
    ["a motion photo's video", '\u0000\u0000\u0000\u0018ftypmp42'],
    ['vendor metadata', 'SEFHSEFT\u0000\u0001'],
  ])('%s does not', (_name, trailer) => {
    expect(isActiveContent(Buffer.from(trailer, 'latin1'))).toBe(false);
  });
});

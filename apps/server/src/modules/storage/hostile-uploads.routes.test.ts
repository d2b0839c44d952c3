import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '@candor/contracts/files';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { files } from '../../db/schema/files.ts';
import { insertUser, signInAs } from '../../test/factories.ts';
import { type Browser, createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeImage, makeJpegWithExif, makePdf, multipartUpload } from '../../test/uploads.ts';

/**
 * Hostile files sent through the upload routes as a browser would: each is refused with a clear
 * `{ code, message }` (the web shows its "Upload Failed" toast) and nothing is stored; accepted
 * images are stored without any of their metadata.
 */
let t: TestApp;
let dataDir: string;
let browser: Browser;
beforeAll(async () => {
  dataDir = fs.mkdtempSync('/tmp/candor-test-data-');
  t = await createTestApp({ DATA_DIR: dataDir });
  browser = await signInAs(t.app, t.db, await insertUser(t.db));
});
afterAll(() => t.close());

const ROUTES = {
  'a profile picture': { url: '/api/account/profile-picture', notAccepted: UPLOAD_MESSAGES.notAnImage },
  'a proof of payment': { url: '/api/deposits/proofs', notAccepted: UPLOAD_MESSAGES.notAnImageOrPdf },
} as const;
type RouteName = keyof typeof ROUTES;

function upload(route: RouteName, filename: string, contentType: string, data: Buffer) {
  const { payload, headers } = multipartUpload({ filename, contentType, data });
  return browser.request({ method: 'POST', url: ROUTES[route].url, payload, headers });
}

async function storedFiles(): Promise<{ rows: number; bytes: number }> {
  const [row] = await t.db.select({ n: count() }).from(files);
  const folder = path.join(dataDir, 'uploads');
  const bytes = fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true }).length : 0;
  return { rows: row?.n ?? 0, bytes };
}

/** A PNG with one more chunk right after its header (IHDR), checksum included. */
function withPngChunk(png: Buffer, type: string, content: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), content]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(content.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  const afterHeader = 8 + 25;
  return Buffer.concat([png.subarray(0, afterHeader), length, body, crc, png.subarray(afterHeader)]);
}

/** The PNG with its header rewritten to claim another size: a decompression bomb of a few bytes. */
function withPngSize(png: Buffer, width: number, height: number): Buffer {
  const patched = Buffer.from(png);
  patched.writeUInt32BE(width, 16);
  patched.writeUInt32BE(height, 20);
  patched.writeUInt32BE(crc32(patched.subarray(12, 29)), 29);
  return patched;
}

/** The JPEG with its frame header (SOF0) rewritten to claim another size. */
function withJpegSize(jpeg: Buffer, width: number, height: number): Buffer {
  const patched = Buffer.from(jpeg);
  const sof = patched.indexOf(Buffer.from([0xff, 0xc0]));
  if (sof < 0) throw new Error('no baseline frame header');
  patched.writeUInt16BE(height, sof + 5);
  patched.writeUInt16BE(width, sof + 7);
  return patched;
}

/** A ZIP archive holding one stored (uncompressed) file. */
function makeZip(name: string, content: Buffer): Buffer {
  const fileName = Buffer.from(name);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const localPart = Buffer.concat([local, fileName, content]);
  const centralPart = Buffer.concat([central, fileName]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}

const HTML = Buffer.from('<!doctype html><html><body><script>fetch("/api/me")</script></body></html>');
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);

type Case = {
  name: string;
  file: () => Promise<{ filename: string; contentType: string; data: Buffer }>;
  status: number;
  code: string;
  /** The message, or 'not accepted' for the route's own "choose an image" message. */
  message: string;
  /** Routes that take PDFs accept a real one. */
  onlyFor?: RouteName;
};

const CASES: Case[] = [
  {
    name: 'an empty file (0 bytes)',
    file: async () => ({ filename: 'photo.png', contentType: 'image/png', data: Buffer.alloc(0) }),
    status: 400,
    code: 'FILE_EMPTY',
    message: 'The file is empty. Please choose another file.',
  },
  {
    // What a browser sends for a form submitted with no file chosen.
    name: 'an empty part with no file name (no file chosen)',
    file: async () => ({ filename: '', contentType: 'application/octet-stream', data: Buffer.alloc(0) }),
    status: 400,
    code: 'FILE_REQUIRED',
    message: UPLOAD_MESSAGES.required,
  },
  {
    name: 'a file over 5 MB',
    file: async () => ({
      filename: 'photo.png',
      contentType: 'image/png',
      data: Buffer.concat([await makeImage('png'), Buffer.alloc(MAX_UPLOAD_BYTES)]),
    }),
    status: 413,
    code: 'FILE_TOO_LARGE',
    message: UPLOAD_MESSAGES.tooLarge,
  },
  {
    name: 'a PDF named photo.png, sent as image/png',
    file: async () => ({ filename: 'photo.png', contentType: 'image/png', data: makePdf() }),
    status: 415,
    code: 'UNSUPPORTED_FILE_TYPE',
    message: UPLOAD_MESSAGES.notAnImage,
    onlyFor: 'a profile picture',
  },
  {
    name: 'an HTML page named photo.png, sent as image/png',
    file: async () => ({ filename: 'photo.png', contentType: 'image/png', data: HTML }),
    status: 415,
    code: 'UNSUPPORTED_FILE_TYPE',
    message: 'not accepted',
  },
  {
    name: 'an SVG with a script',
    file: async () => ({ filename: 'logo.svg', contentType: 'image/svg+xml', data: SVG }),
    status: 415,
    code: 'UNSUPPORTED_FILE_TYPE',
    message: 'not accepted',
  },
  {
    name: 'an SVG with a script named photo.png',
    file: async () => ({ filename: 'photo.png', contentType: 'image/png', data: SVG }),
    status: 415,
    code: 'UNSUPPORTED_FILE_TYPE',
    message: 'not accepted',
  },
  {
    name: 'a polyglot: a valid PNG followed by an HTML page',
    file: async () => ({
      filename: 'photo.png',
      contentType: 'image/png',
      data: Buffer.concat([await makeImage('png'), HTML]),
    }),
    status: 415,
    code: 'UNSUPPORTED_FILE_TYPE',
    message: UPLOAD_MESSAGES.hiddenContent,
  },
  {
    name: 'a polyglot: a valid PNG followed by a ZIP',
    file: async () => ({
      filename: 'photo.png',
      contentType: 'image/png',
      data: Buffer.concat([await makeImage('png'), makeZip('index.html', HTML)]),
    }),
    status: 415,
    code: 'UNSUPPORTED_FILE_TYPE',
    message: UPLOAD_MESSAGES.hiddenContent,
  },
  {
    name: 'a polyglot: a valid JPEG followed by a script',
    file: async () => ({
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
      data: Buffer.concat([await makeImage('jpeg'), Buffer.from('<script>alert(1)</script>')]),
    }),
    status: 415,
    code: 'UNSUPPORTED_FILE_TYPE',
    message: UPLOAD_MESSAGES.hiddenContent,
  },
  {
    name: 'a PNG header followed by a page (no image at all)',
    file: async () => ({
      filename: 'photo.png',
      contentType: 'image/png',
      data: Buffer.concat([(await makeImage('png')).subarray(0, 33), HTML]),
    }),
    status: 415,
    code: 'UNSUPPORTED_FILE_TYPE',
    message: UPLOAD_MESSAGES.unreadable,
  },
  {
    name: 'a decompression bomb: a small PNG declaring 30,000 × 30,000 pixels',
    file: async () => ({
      filename: 'photo.png',
      contentType: 'image/png',
      data: withPngSize(await makeImage('png'), 30_000, 30_000),
    }),
    status: 413,
    code: 'FILE_TOO_LARGE',
    message: UPLOAD_MESSAGES.tooManyPixels,
  },
  {
    name: 'a decompression bomb: a small JPEG declaring 30,000 × 30,000 pixels',
    file: async () => ({
      filename: 'photo.jpg',
      contentType: 'image/jpeg',
      data: withJpegSize(await makeImage('jpeg'), 30_000, 30_000),
    }),
    status: 413,
    code: 'FILE_TOO_LARGE',
    message: UPLOAD_MESSAGES.tooManyPixels,
  },
  {
    name: 'a truncated PNG',
    file: async () => {
      const png = await makeImage('png', 64, 64);
      return { filename: 'photo.png', contentType: 'image/png', data: png.subarray(0, png.length - 30) };
    },
    status: 415,
    code: 'UNSUPPORTED_FILE_TYPE',
    message: UPLOAD_MESSAGES.unreadable,
  },
  {
    name: 'a truncated JPEG',
    file: async () => {
      const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
        .jpeg()
        .toBuffer();
      return { filename: 'photo.jpg', contentType: 'image/jpeg', data: jpeg.subarray(0, jpeg.length / 2) };
    },
    status: 415,
    code: 'UNSUPPORTED_FILE_TYPE',
    message: UPLOAD_MESSAGES.unreadable,
  },
  {
    name: 'a corrupt PNG (valid header, garbage pixels)',
    file: async () => {
      const png = await makeImage('png');
      return {
        filename: 'photo.png',
        contentType: 'image/png',
        data: Buffer.concat([png.subarray(0, 41), Buffer.alloc(300, 0x5a)]),
      };
    },
    status: 415,
    code: 'UNSUPPORTED_FILE_TYPE',
    message: UPLOAD_MESSAGES.unreadable,
  },
];

describe.each(Object.keys(ROUTES) as RouteName[])('%s is refused, and nothing is stored:', (route) => {
  test.each(CASES.filter((c) => !c.onlyFor || c.onlyFor === route))('$name', async (hostile) => {
    const before = await storedFiles();
    const { filename, contentType, data } = await hostile.file();
    const res = await upload(route, filename, contentType, data);
    expect(res.statusCode, res.body).toBe(hostile.status);
    const message = hostile.message === 'not accepted' ? ROUTES[route].notAccepted : hostile.message;
    expect(res.json()).toEqual({ code: hostile.code, message });
    expect(await storedFiles()).toEqual(before);
  });
});

describe('a stored image carries no metadata', () => {
  async function storedCopy(filename: string, contentType: string, data: Buffer): Promise<Buffer> {
    const res = await upload('a profile picture', filename, contentType, data);
    expect(res.statusCode, res.body).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.json().profileImageUrl });
    expect(served.statusCode).toBe(200);
    return served.rawPayload;
  }

  const XMP =
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Jane XmpSecret"/></rdf:RDF></x:xmpmeta>';

  test('a JPEG with EXIF (camera, owner, GPS position), an ICC profile and XMP', async () => {
    const original = await sharp(await makeJpegWithExif(40, 20))
      .keepExif()
      .withIccProfile('p3')
      .withXmp(XMP)
      .jpeg()
      .toBuffer();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.icc).toBeDefined();
    expect(before.xmp).toBeDefined();
    expect(original.includes('SecretCam')).toBe(true);

    const stored = await storedCopy('photo.jpg', 'image/jpeg', original);
    const after = await sharp(stored).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    for (const secret of ['SecretCam', 'Jane Secret', 'GPS', 'XmpSecret', 'Exif']) {
      expect(stored.includes(secret), secret).toBe(false);
    }
  });

  test('a PNG with a tEXt chunk and XMP', async () => {
    const withXmp = await sharp(await makeImage('png'))
      .withXmp(XMP)
      .png()
      .toBuffer();
    const original = withPngChunk(
      withXmp,
      'tEXt',
      Buffer.from('Comment\u0000home: 12 Secret Street', 'latin1'),
    );
    expect((await sharp(original).metadata()).xmp).toBeDefined();
    expect(original.includes('tEXt')).toBe(true);

    const stored = await storedCopy('photo.png', 'image/png', original);
    const after = await sharp(stored).metadata();
    expect(after.format).toBe('png');
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    for (const chunk of ['tEXt', 'iTXt', 'zTXt', 'eXIf', 'iCCP', 'Secret Street', 'XmpSecret']) {
      expect(stored.includes(chunk), chunk).toBe(false);
    }
  });
});

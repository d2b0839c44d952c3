import type { UploadType } from '@candor/contracts/files';

/**
 * Where an image's own bytes end, read from its structure: after the PNG IEND chunk, the JPEG EOI
 * marker, or the RIFF length of a WebP. Anything after that point is not part of the picture: a ZIP
 * or a script appended to make a polyglot. Answers undefined when the structure cannot be followed
 * (the decoder then judges the file).
 */
export function findImageEnd(data: Buffer, type: Exclude<UploadType, 'application/pdf'>): number | undefined {
  if (type === 'image/png') return findPngEnd(data);
  if (type === 'image/jpeg') return findJpegEnd(data);
  return findWebpEnd(data);
}

/** The bytes after the end of the image (see findImageEnd); empty when there are none. */
export function bytesAfterImage(data: Buffer, type: Exclude<UploadType, 'application/pdf'>): Buffer {
  const end = findImageEnd(data, type);
  return end === undefined ? Buffer.alloc(0) : data.subarray(end);
}

/** Markup a browser would run or render. */
const MARKUP =
  /<\s*(?:script|html|svg|iframe|object|embed|body|head|meta|img|a\s|style|\?php|\?xml|!doctype)|javascript:/i;

/** The signatures of archives, documents and programs. */
const SIGNATURES = [
  Buffer.from([0x50, 0x4b, 0x03, 0x04]), // ZIP entry
  Buffer.from([0x50, 0x4b, 0x05, 0x06]), // ZIP directory end
  Buffer.from('%PDF-', 'latin1'),
  Buffer.from('Rar!', 'latin1'),
  Buffer.from([0x37, 0x7a, 0xbc, 0xaf]), // 7z
  Buffer.from([0x4d, 0x5a, 0x90]), // Windows program
];

/**
 * Whether what follows an image makes the file a polyglot: markup, a script, an archive or a
 * document. Phones legitimately append data after a JPEG (a motion photo's video, vendor
 * metadata): that is dropped by re-encoding, not refused.
 */
export function isActiveContent(trailer: Buffer): boolean {
  if (trailer.length === 0) return false;
  return (
    MARKUP.test(trailer.toString('latin1')) || SIGNATURES.some((signature) => trailer.includes(signature))
  );
}

const PNG_SIGNATURE_LENGTH = 8;

function findPngEnd(data: Buffer): number | undefined {
  let offset = PNG_SIGNATURE_LENGTH;
  // Each chunk: 4-byte length, 4-byte type, data, 4-byte CRC.
  while (offset + 12 <= data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    const next = offset + 12 + length;
    if (next > data.length) return undefined;
    if (type === 'IEND') return next;
    offset = next;
  }
  return undefined;
}

const SOS = 0xda;
const EOI = 0xd9;

function findJpegEnd(data: Buffer): number | undefined {
  let offset = 2; // after SOI (FF D8)
  while (offset + 1 < data.length) {
    if (data[offset] !== 0xff) return undefined;
    const marker = data[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === EOI) return offset + 2;
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (offset + 3 >= data.length) return undefined;
    const length = data.readUInt16BE(offset + 2);
    offset += 2 + length;
    if (marker === SOS) {
      // Entropy-coded data runs until a marker other than a stuffed zero or a restart marker.
      while (offset + 1 < data.length) {
        const next = data[offset + 1] ?? 0;
        if (data[offset] === 0xff && next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) break;
        offset += 1;
      }
    }
  }
  return undefined;
}

function findWebpEnd(data: Buffer): number | undefined {
  if (data.length < 12 || data.toString('latin1', 0, 4) !== 'RIFF') return undefined;
  const size = data.readUInt32LE(4);
  // The RIFF size counts everything after its own 8 bytes; chunks are padded to even lengths.
  return 8 + size + (size % 2);
}

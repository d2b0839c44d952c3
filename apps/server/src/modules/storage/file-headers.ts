import { isUploadType } from '@candor/contracts/files';
import type { StoredFile } from './files.repository.ts';
import { EXTENSIONS } from './upload-content.ts';

/** One year: a file id always names the same bytes (a new upload gets a new id). */
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';

/**
 * Headers for serving a stored file. Nothing served here may run in the site's origin:
 * - `nosniff` and the stored, content-checked type stop browsers from guessing a type;
 * - a `sandbox` CSP with `default-src 'none'` neuters the response should it ever be opened as a
 *   document;
 * - PDFs go out as attachments (downloaded, opened outside our origin). Browsers' built-in PDF
 *   viewers can run a document's scripts and forms, and some refuse to render at all under a
 *   sandbox CSP, so "inline with sandbox" would be either unsafe or broken depending on the browser.
 *   Images are re-encoded by us and shown inline.
 * Private files are never stored by browsers or proxies.
 */
export function fileResponseHeaders(file: StoredFile): Record<string, string> {
  const extension = isUploadType(file.contentType) ? EXTENSIONS[file.contentType] : 'bin';
  const disposition = file.contentType === 'application/pdf' ? 'attachment' : 'inline';
  return {
    'content-type': file.contentType,
    'content-length': String(file.sizeBytes),
    'content-disposition': `${disposition}; filename="${file.id}.${extension}"`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': file.visibility === 'public' ? PUBLIC_CACHE : 'no-store',
  };
}

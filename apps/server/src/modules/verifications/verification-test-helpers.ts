import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Browser } from '../../test/test-app.ts';
import { makeImage, multipartUpload } from '../../test/uploads.ts';

/** Uploads one ID image as the browser's customer; answers its file id. */
export async function uploadIdImage(browser: Browser, color = 'png' as 'png' | 'jpeg'): Promise<string> {
  const upload = multipartUpload({
    filename: `id.${color}`,
    contentType: `image/${color}`,
    data: await makeImage(color),
  });
  const response = await browser.request({ method: 'POST', url: '/api/verifications/images', ...upload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().fileId as string;
}

/** A document expiring about two years from now. */
export function futureExpiry(days = 730): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Uploads both sides and submits an ID card; answers the response and the file ids. */
export async function submitIdCard(
  browser: Browser,
  overrides: Record<string, unknown> = {},
): Promise<{ response: LightMyRequestResponse; frontFileId: string; backFileId: string }> {
  const frontFileId = await uploadIdImage(browser);
  const backFileId = await uploadIdImage(browser, 'jpeg');
  const response = await browser.post('/api/verifications', {
    documentType: 'id_card',
    documentNumber: 'ab 123 456',
    documentExpiry: futureExpiry(),
    frontFileId,
    backFileId,
    ...overrides,
  });
  return { response, frontFileId, backFileId };
}

import { expect } from 'vitest';
import type { Browser } from './test-app.ts';

/** The signed-in account's Messages (first page, newest first), each opened for its text. */
export async function readMessagesOf(browser: Browser): Promise<Array<{ subject: string; text: string }>> {
  const page = await browser.request({ method: 'GET', url: '/api/messages' });
  expect(page.statusCode).toBe(200);
  return Promise.all(
    (page.json().items as Array<{ id: string }>).map(async ({ id }) => {
      const message = await browser.request({ method: 'GET', url: `/api/messages/${id}` });
      expect(message.statusCode).toBe(200);
      return message.json() as { subject: string; text: string };
    }),
  );
}

import { COIN_ADDRESS_MESSAGES } from '@candor/contracts/crypto-addresses';
import { LOAN_MESSAGES } from '@candor/contracts/loans';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSessionCookie, insertUser, SESSION_COOKIE } from './test/factories.ts';
import { createTestApp } from './test/test-app.ts';

/**
 * A text a customer writes that shows nothing (only zero-width spaces, joiners, direction marks) is
 * read as empty, as a staff text is (docs/decisions/060, 064): a required one is refused with its
 * field's required message, once, not as an invalid address or a text too long.
 */

const t = await createTestApp();
afterAll(() => t.close());

/** Zero-width space, word joiner, right-to-left override, byte-order mark: nothing a reader sees. */
const INVISIBLE = ' \u200b\u2060\u202e\ufeff ';

/** Customer routes whose text is required, a body valid but for it, and the answer's message. */
const REQUIRED_TEXT_ROUTES: readonly [url: string, body: object, message: string][] = [
  [
    '/api/withdrawals',
    { amount: '20.00', method: 'crypto', details: { coin: 'bitcoin', address: INVISIBLE } },
    `details.address: ${COIN_ADDRESS_MESSAGES.bitcoin.required}`,
  ],
  [
    '/api/account/passkeys',
    {
      name: INVISIBLE,
      credential: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'AAAA' } },
    },
    'name: Name is required',
  ],
  [
    '/api/loan-applications',
    { planId: 'plan', fullName: '\u200b'.repeat(200), monthlyIncome: '1000.00', goal: 'A new roof' },
    `fullName: ${LOAN_MESSAGES.fullNameRequired}`,
  ],
];

describe('a customer text of only invisible characters', () => {
  let cookie = '';
  beforeAll(async () => {
    const customer = await insertUser(t.db);
    cookie = await createSessionCookie(t.db, customer.id);
  });

  test.each(REQUIRED_TEXT_ROUTES)(
    'POST %s is refused as a missing one: 400 with the field’s required message',
    async (url, payload, message) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message });
    },
  );
});

import { randomUUID } from 'node:crypto';
import { paymentDemandMessage } from '@candor/contracts/staff-texts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listOperations, type OpenApiDocument } from './fuzz/fuzz-requests.ts';
import type { JsonSchema, SchemaComponents } from './fuzz/schema-arbitrary.ts';
import { createSessionCookie, insertUser, SESSION_COOKIE } from './test/factories.ts';
import { createTestApp } from './test/test-app.ts';

/**
 * Every free text staff send in a request says who reads it (docs/decisions/050): `customerText`
 * (screened for payment demands) or `staffOnlyText` (the audit log). Read from the API's own
 * document, so a new staff route or field that says neither fails here before it ships.
 */

const t = await createTestApp();
afterAll(() => t.close());

/** Strings in staff requests that are not prose a person writes, and why they need no screen. */
const NOT_PROSE: Readonly<Record<string, string>> = {
  'POST /api/admin/staff fullname': "a staff member's own name, read by staff",
  'POST /api/admin/staff password': 'a password, never shown',
  'POST /api/admin/strategy-providers email': 'an e-mail address (checked as one)',
  'POST /api/admin/strategy-providers imageFileId': 'the id of an uploaded file',
  'POST /api/admin/users/{id}/trades symbol': 'a listed instrument',
  'POST /api/admin/verifications/{userId}/decision reasonCode':
    'a code from the list (its label is the text)',
  'PUT /api/admin/wallet-addresses bitcoin': 'checked as an address of the coin',
  'PUT /api/admin/wallet-addresses ethereum': 'checked as an address of the coin',
  'PUT /api/admin/wallet-addresses usdt': 'checked as an address of the coin',
};

/** Fields read as a number by their schema (an amount, a percentage, a lot size): no words fit in them. */
const NUMBER_FIELD =
  /^(?:amount|lotSize|minimumBalance|profitShare|minWithdrawal|withdrawalPercent|fourEyesThreshold|unverified\w*Limit)$/;

type TextField = { where: string; readBy: unknown };

/** Strings a person types freely: no pattern, format, list of values or constant narrows them. */
function isProse(schema: JsonSchema & { pattern?: string; format?: string }): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return (
    types.includes('string') &&
    schema.pattern === undefined &&
    schema.format === undefined &&
    schema.enum === undefined &&
    schema.const === undefined
  );
}

/** The free-text fields of a body schema, with the reader each declares (`readBy`), depth first. */
function textFields(schema: JsonSchema, components: SchemaComponents, where: string): TextField[] {
  const ref = schema.$ref?.replace('#/components/schemas/', '');
  if (ref !== undefined) {
    const target = components[ref];
    return target ? textFields(target, components, where) : [];
  }
  if (isProse(schema)) {
    const name = where.split(' ').at(-1) ?? '';
    return NUMBER_FIELD.test(name) ? [] : [{ where, readBy: (schema as { readBy?: unknown }).readBy }];
  }
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return [
    ...nested.flatMap((part) => textFields(part, components, where)),
    ...Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
      textFields(property, components, `${where} ${name}`),
    ),
    ...(schema.items ? textFields(schema.items, components, `${where}[]`) : []),
  ];
}

const doc = t.app.swagger() as unknown as OpenApiDocument;
const components = doc.components?.schemas ?? {};
const staffTexts = listOperations(doc)
  .filter((operation) => operation.path.startsWith('/api/admin/') && operation.body)
  .flatMap((operation) =>
    textFields(operation.body ?? {}, components, `${operation.method} ${operation.path}`),
  );

describe('staff-written texts', () => {
  test('the document lists the staff texts this test guards', () => {
    const readers = new Map(staffTexts.map(({ where, readBy }) => [where, readBy]));
    expect(readers.get('POST /api/admin/users/{id}/adjustments reason')).toBe('customer');
    expect(readers.get('POST /api/admin/withdrawals/{id}/approve reason')).toBe('staff');
  });

  test('every free text in a staff request says whether a customer reads it', () => {
    const undeclared = staffTexts
      .filter(({ where, readBy }) => readBy !== 'customer' && readBy !== 'staff' && !(where in NOT_PROSE))
      .map(({ where }) => where);
    expect(undeclared).toEqual([]);
  });

  test('every exemption names a field that exists and is not declared', () => {
    const undeclared = new Set(
      staffTexts.filter(({ readBy }) => readBy === undefined).map(({ where }) => where),
    );
    expect(Object.keys(NOT_PROSE).filter((where) => !undeclared.has(where))).toEqual([]);
  });
});

/** Each staff route whose text a customer reads, and the body field that carries it. */
const CUSTOMER_TEXT_ROUTES: readonly [method: 'POST' | 'PUT' | 'DELETE', url: string, field: string][] = [
  ['POST', `/api/admin/trades/${randomUUID()}/close`, 'reason'],
  ['POST', '/api/admin/strategy-providers', 'displayName'],
  ['DELETE', `/api/admin/strategy-providers/${randomUUID()}`, 'reason'],
  ['POST', '/api/admin/plans', 'name'],
  ['PUT', `/api/admin/plans/${randomUUID()}`, 'description'],
  ['PUT', '/api/admin/settings', 'siteName'],
  ['POST', `/api/admin/users/${randomUUID()}/close`, 'reason'],
];

describe('a text a customer reads, on every staff route that takes one', () => {
  let cookie = '';
  beforeAll(async () => {
    const owner = await insertUser(t.db, { role: 'owner' });
    cookie = await createSessionCookie(t.db, owner.id);
  });

  const send = (method: string, url: string, payload: object) =>
    t.app.inject({
      method: method as 'POST',
      url,
      payload,
      headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
    });

  test.each(CUSTOMER_TEXT_ROUTES)(
    '%s %s refuses a %s asking the customer to pay: 422 PAYMENT_DEMAND',
    async (method, url, field) => {
      const res = await send(method, url, { [field]: 'Buy the Diamond signal plan to unlock withdrawals' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ code: 'PAYMENT_DEMAND', message: paymentDemandMessage('a payment') });
      const honest = await send(method, url, { [field]: 'Desk execution for client order' });
      expect(honest.json().code).not.toBe('PAYMENT_DEMAND');
    },
  );
});

/** Zero-width space, word joiner, right-to-left override, byte-order mark: nothing a reader sees. */
const INVISIBLE = ' \u200b\u2060\u202e\ufeff ';

/** Staff routes whose text is required, a body valid but for it, and the answer's message. */
const REQUIRED_TEXT_ROUTES: readonly [method: 'POST' | 'PUT', url: string, body: object, message: string][] =
  [
    [
      'POST',
      `/api/admin/users/${randomUUID()}/adjustments`,
      { direction: 'credit', amount: '10.00', reason: INVISIBLE },
      'reason: Reason is required',
    ],
    [
      'POST',
      `/api/admin/deposits/${randomUUID()}/reject`,
      { reason: INVISIBLE },
      'reason: Reason is required',
    ],
    [
      'POST',
      `/api/admin/withdrawals/${randomUUID()}/approve`,
      { reason: INVISIBLE },
      'reason: Reason is required',
    ],
    [
      'POST',
      `/api/admin/approvals/${randomUUID()}/reject`,
      { reason: INVISIBLE },
      'reason: Reason is required',
    ],
    [
      'POST',
      `/api/admin/loan-applications/${randomUUID()}/decline`,
      { reason: INVISIBLE },
      'reason: Reason is required',
    ],
    ['POST', `/api/admin/users/${randomUUID()}/suspend`, { reason: INVISIBLE }, 'reason: Reason is required'],
    [
      'PUT',
      '/api/admin/settings',
      { siteName: INVISIBLE, minWithdrawal: '10.00', withdrawalPercent: '2' },
      'siteName: Site name is required',
    ],
    [
      'POST',
      '/api/admin/strategy-providers',
      {
        email: 'trader@example.com',
        displayName: INVISIBLE,
        imageFileId: randomUUID(),
        minimumBalance: '100.00',
        profitShare: '20',
      },
      'displayName: Name is required',
    ],
  ];

describe('a staff text of only invisible characters (zero-width spaces, direction marks)', () => {
  let cookie = '';
  beforeAll(async () => {
    const owner = await insertUser(t.db, { role: 'owner' });
    cookie = await createSessionCookie(t.db, owner.id);
  });

  test.each(REQUIRED_TEXT_ROUTES)(
    '%s %s is refused as a missing one: 400 with the field’s required message',
    async (method, url, payload, message) => {
      const res = await t.app.inject({
        method,
        url,
        payload,
        headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message });
    },
  );
});

import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { auditRowHash, canonicalParts } from './audit-chain.ts';

/** Any JSON value a before/after snapshot may hold (as stored: no undefined, no -0). */
const json = fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)) as unknown);
const text = fc.option(fc.string({ unit: 'binary' }), { nil: null });

const row = fc.record({
  actorId: fc.string({ unit: 'binary' }),
  actorRole: fc.string(),
  approverId: text,
  approverRole: text,
  action: fc.string({ unit: 'binary' }),
  targetType: fc.string(),
  targetId: text,
  subjectUserId: text,
  reason: text,
  before: json,
  after: json,
});

test('the parts the database hashes, joined around time, previous hash and number, are the canonical form', () => {
  fc.assert(
    fc.property(
      row,
      fc.date({ min: new Date('2000-01-01Z'), max: new Date('2999-12-31Z'), noInvalidDate: true }),
      fc.stringMatching(/^[0-9a-f]{64}$/),
      fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      (fields, createdAt, prevHash, seq) => {
        const parts = canonicalParts(fields);
        const joined =
          parts.prefix +
          createdAt.toISOString() +
          parts.afterCreatedAt +
          prevHash +
          parts.afterPrevHash +
          String(seq) +
          parts.suffix;
        expect(joined).toBe(canonicalize({ ...fields, createdAt: createdAt.toISOString(), prevHash, seq }));
        expect(auditRowHash({ ...fields, createdAt, prevHash, seq })).toHaveLength(64);
      },
    ),
  );
});

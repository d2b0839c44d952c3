import { describe, expect, test } from 'vitest';
import { DOCUMENT_EXPIRY_MAX_YEARS, findDocumentExpiryProblem } from './document-expiry.ts';

describe('findDocumentExpiryProblem', () => {
  const today = '2026-11-30';
  const table: [name: string, expiry: string, problem: ReturnType<typeof findDocumentExpiryProblem>][] = [
    ['a document expiring today is valid today', '2026-11-30', undefined],
    ['a document expiring tomorrow is valid', '2026-12-01', undefined],
    ['a document that expired yesterday is expired', '2026-11-29', 'EXPIRED'],
    ['a document long expired is expired', '2020-01-01', 'EXPIRED'],
    ['a document valid for ten years is valid', '2036-11-30', undefined],
    ['an expiry exactly 20 years ahead is accepted', '2046-11-30', undefined],
    ['an expiry a day beyond 20 years is a typo', '2046-12-01', 'TOO_FAR'],
    ['a year typed wrong (2206 for 2026) is a typo', '2206-11-30', 'TOO_FAR'],
  ];
  for (const [name, expiry, problem] of table) {
    test(name, () => expect(findDocumentExpiryProblem(expiry, today)).toBe(problem));
  }

  test('the bound is 20 years', () => expect(DOCUMENT_EXPIRY_MAX_YEARS).toBe(20));

  test('from 29 February, 20 years ahead is 29 February again (a leap year) or the day after it', () => {
    expect(findDocumentExpiryProblem('2048-02-29', '2028-02-29')).toBeUndefined();
    expect(findDocumentExpiryProblem('2048-03-01', '2028-02-29')).toBe('TOO_FAR');
    expect(findDocumentExpiryProblem('2100-02-28', '2080-02-29')).toBeUndefined();
    expect(findDocumentExpiryProblem('2100-03-01', '2080-02-29')).toBe('TOO_FAR');
  });
});

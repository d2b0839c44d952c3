import { AUDIT_ACTIONS } from '@candor/contracts/audit';
import { describe, expect, test } from 'vitest';
import { AUDIT_KINDS } from './audit-filters.tsx';

/** The server's rule (audit-log.service.ts): a kind ending with a dot is a prefix, any other an action. */
function takesIn(kind: string, action: string): boolean {
  return kind.endsWith('.') ? action.startsWith(kind) : action === kind;
}

const kinds = AUDIT_KINDS.map((kind) => kind.value).filter((value) => value !== '');

describe("the audit log's Kind filter", () => {
  test.each([...AUDIT_ACTIONS])('offers a kind that finds %s', (action) => {
    expect(kinds.filter((kind) => takesIn(kind, action))).not.toEqual([]);
  });

  test.each(kinds)('%s finds at least one action the server records', (kind) => {
    expect(AUDIT_ACTIONS.filter((action) => takesIn(kind, action))).not.toEqual([]);
  });

  test('offers the two bulk exports (decision 046)', () => {
    expect(kinds).toEqual(expect.arrayContaining(['users.export', 'audit.export']));
  });
});

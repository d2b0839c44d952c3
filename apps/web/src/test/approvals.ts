import type { Approval } from '@candor/contracts/approvals';
import { recordId } from './record-id.ts';

/**
 * A four-eyes request as the API answers it: a $5,000.00 credit for ada@example.com, made by Mona
 * Maker (accountant), waiting. `overrides` set what the test is about.
 */
export function buildApproval(overrides: Partial<Approval> = {}): Approval {
  return {
    id: recordId(1),
    kind: 'adjustment',
    status: 'awaiting',
    userId: 'user-42',
    email: 'ada@example.com',
    withdrawalId: null,
    amount: '5000.00',
    direction: 'credit',
    walletChange: null,
    thresholdChange: null,
    identityRuleChange: null,
    limitsChange: null,
    deskTrade: null,
    tradeId: null,
    maker: { id: 'maker-1', name: 'Mona Maker', role: 'accountant' },
    makerReason: 'Compensation for the outage',
    checker: null,
    checkerReason: null,
    cancelledBy: null,
    entryId: null,
    createdAt: '2026-03-04T12:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

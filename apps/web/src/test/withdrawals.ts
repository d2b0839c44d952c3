import { recordId } from './record-id.ts';

/**
 * A customer's withdrawal as the API answers it: $40.00 by PayPal, pending, a fee of $1.00 (2.5 %).
 * `overrides` set what the test is about, an unknown status included.
 */
export function buildWithdrawal(overrides: object = {}) {
  return {
    id: recordId(1),
    amount: '40.00',
    fee: '1.00',
    net: '39.00',
    feePercent: '2.50',
    status: 'pending',
    holdReason: null,
    rejectionReason: null,
    codeExpiresAt: null,
    createdAt: '2026-03-04T12:00:00.000Z',
    decidedAt: null,
    method: 'paypal',
    details: { email: 'ada@paypal.example' },
    ...overrides,
  };
}

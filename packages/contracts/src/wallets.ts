import { z } from 'zod';
import {
  APPROVAL_MESSAGES,
  APPROVAL_REASON_MAX_LENGTH,
  ApprovalSchema,
  FourEyesNoteSchema,
} from './approvals.ts';
import { coinAddressSchema } from './crypto-addresses.ts';
import { REASON_REQUIRED, reasonBodySchema } from './reasons.ts';

/**
 * The platform's deposit address for each coin (null until set), as customers are shown them, and
 * the change of them waiting for a second staff member, if any (docs/decisions/048).
 */
export const WalletAddressesSchema = z
  .object({
    bitcoin: z.string().nullable(),
    ethereum: z.string().nullable(),
    /** A Tron address: USDT is received as a TRC-20 token. */
    usdt: z.string().nullable(),
    /** When they last changed; null when they were never set. */
    updatedAt: z.iso.datetime().nullable(),
    /** The change waiting on the Approvals tab (kind wallet_change): until approved, the addresses above stay. */
    pendingChange: ApprovalSchema.nullable(),
  })
  .meta({ id: 'WalletAddresses' });
export type WalletAddresses = z.infer<typeof WalletAddressesSchema>;

/**
 * The wallet form (admin Manage page, Payment tab) and PUT /api/admin/wallet-addresses: the three
 * addresses, checked for their coin, and why they change (as decision 044's reasons).
 */
export const UpdateWalletAddressesRequestSchema = reasonBodySchema({
  maxLength: APPROVAL_REASON_MAX_LENGTH,
  required: REASON_REQUIRED,
  tooLong: APPROVAL_MESSAGES.reasonTooLong,
  readBy: 'staff',
})
  .extend({
    bitcoin: coinAddressSchema('bitcoin'),
    ethereum: coinAddressSchema('ethereum'),
    usdt: coinAddressSchema('usdt'),
  })
  .meta({ id: 'UpdateWalletAddressesRequest' });
export type UpdateWalletAddressesRequest = z.infer<typeof UpdateWalletAddressesRequestSchema>;

/**
 * What a save did: 'applied' (four-eyes off: in force at once), 'awaiting_approval' (a second staff
 * member decides it on the Approvals tab; `addresses.pendingChange` is the request) or 'unchanged'
 * (the addresses in force already: nothing is recorded).
 */
export const WalletChangeSchema = z
  .object({
    state: z.enum(['applied', 'awaiting_approval', 'unchanged']),
    addresses: WalletAddressesSchema,
    /** 'no_second_decider': above the threshold, but carried out at once (nobody else can decide it). */
    fourEyes: FourEyesNoteSchema.nullable().default(null),
  })
  .meta({ id: 'WalletChange' });
export type WalletChange = z.infer<typeof WalletChangeSchema>;

/** Toasts and notes of the wallet form (seed §8 for the first three). */
export const WALLET_MESSAGES = {
  updated: 'Wallet updated successfully!',
  created: 'New wallet document created successfully!',
  updateFailed: (message: string) => `Failed to update addresses: ${message}`,
  unchanged: 'These addresses are already in force: nothing changed.',
  awaitingDescription:
    'Customers keep being shown the current addresses until a second staff member approves the change on the Approvals tab.',
  /** Refused while a change waits: one change of the deposit addresses at a time. */
  changeWaiting:
    'A change of the deposit addresses is awaiting a second approval: approve or reject it on the Approvals tab first.',
  /** Approving a change asked against addresses that are no longer in force. */
  changedMeanwhile:
    'The deposit addresses changed since this request was made: reject it, and ask for the change again.',
} as const;

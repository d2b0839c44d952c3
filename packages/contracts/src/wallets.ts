import { z } from 'zod';
import { coinAddressSchema } from './crypto-addresses.ts';

/** The platform's deposit address for each coin; null until an administrator sets it. */
export const WalletAddressesSchema = z
  .object({
    bitcoin: z.string().nullable(),
    ethereum: z.string().nullable(),
    /** A Tron address: USDT is received as a TRC-20 token. */
    usdt: z.string().nullable(),
    /** When an administrator last changed them; null when they were never set. */
    updatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'WalletAddresses' });
export type WalletAddresses = z.infer<typeof WalletAddressesSchema>;

/** The wallet form (admin Manage page, Payment tab) and PUT /api/admin/wallet-addresses. */
export const UpdateWalletAddressesRequestSchema = z
  .object({
    bitcoin: coinAddressSchema('bitcoin'),
    ethereum: coinAddressSchema('ethereum'),
    usdt: coinAddressSchema('usdt'),
  })
  .meta({ id: 'UpdateWalletAddressesRequest' });
export type UpdateWalletAddressesRequest = z.infer<typeof UpdateWalletAddressesRequestSchema>;

/** Toasts of the wallet form (seed §8). */
export const WALLET_MESSAGES = {
  updated: 'Wallet updated successfully!',
  updateFailed: (message: string) => `Failed to update addresses: ${message}`,
} as const;

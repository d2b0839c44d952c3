import {
  type UpdateWalletAddressesRequest,
  WalletAddressesSchema,
  WalletChangeSchema,
} from '@candor/contracts/wallets';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const walletAddressesQuery = queryOptions({
  queryKey: queryKeys.walletAddresses,
  queryFn: ({ signal }) => apiRequest('/api/admin/wallet-addresses', WalletAddressesSchema, { signal }),
});

/** Saves the wallet form: in force at once, awaiting a second approval, or unchanged. */
export function updateWalletAddresses(body: UpdateWalletAddressesRequest) {
  return apiRequest('/api/admin/wallet-addresses', WalletChangeSchema, { method: 'PUT', body });
}

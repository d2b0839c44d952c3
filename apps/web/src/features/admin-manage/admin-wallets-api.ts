import { type UpdateWalletAddressesRequest, WalletAddressesSchema } from '@candor/contracts/wallets';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const walletAddressesQuery = queryOptions({
  queryKey: queryKeys.walletAddresses,
  queryFn: ({ signal }) => apiRequest('/api/admin/wallet-addresses', WalletAddressesSchema, { signal }),
});

export function updateWalletAddresses(body: UpdateWalletAddressesRequest) {
  return apiRequest('/api/admin/wallet-addresses', WalletAddressesSchema, { method: 'PUT', body });
}

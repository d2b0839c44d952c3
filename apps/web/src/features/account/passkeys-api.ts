import {
  type Passkey,
  PasskeyListSchema,
  PasskeyOptionsSchema,
  PasskeySchema,
} from '@candor/contracts/passkeys';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, apiSend } from '../../lib/api.ts';
import { createPasskey } from '../../lib/passkey-browser.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const passkeysQuery = queryOptions({
  queryKey: queryKeys.passkeys,
  queryFn: ({ signal }) => apiRequest('/api/account/passkeys', PasskeyListSchema, { signal }),
});

/** Adds a passkey: the server's options, the browser's dialog, then the server checks and stores it. */
export async function addPasskey(name: string): Promise<Passkey> {
  const options = await apiRequest('/api/account/passkeys/options', PasskeyOptionsSchema, { method: 'POST' });
  const credential = await createPasskey(options);
  return apiRequest('/api/account/passkeys', PasskeySchema, { method: 'POST', body: { name, credential } });
}

export function deletePasskey(id: string) {
  return apiSend(`/api/account/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

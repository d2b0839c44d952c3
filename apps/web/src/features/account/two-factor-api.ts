import {
  type ConfirmTwoFactorRequest,
  type DisableTwoFactorRequest,
  RecoveryCodesSchema,
  type RegenerateRecoveryCodesRequest,
  type StartTwoFactorRequest,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@candor/contracts/two-factor';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, apiSend } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const twoFactorStatusQuery = queryOptions({
  queryKey: queryKeys.twoFactor,
  queryFn: ({ signal }) => apiRequest('/api/account/two-factor', TwoFactorStatusSchema, { signal }),
});

export function startTwoFactorSetup(body: StartTwoFactorRequest) {
  return apiRequest('/api/account/two-factor', TwoFactorSetupSchema, { method: 'POST', body });
}

export function confirmTwoFactorSetup(body: ConfirmTwoFactorRequest) {
  return apiRequest('/api/account/two-factor/confirmation', RecoveryCodesSchema, { method: 'POST', body });
}

export function regenerateRecoveryCodes(body: RegenerateRecoveryCodesRequest) {
  return apiRequest('/api/account/two-factor/recovery-codes', RecoveryCodesSchema, { method: 'POST', body });
}

export function disableTwoFactor(body: DisableTwoFactorRequest) {
  return apiSend('/api/account/two-factor/disable', { method: 'POST', body });
}

import {
  type ConfirmTwoFactorRequest,
  type DisableTwoFactorRequest,
  RecoveryCodesSchema,
  type RegenerateRecoveryCodesRequest,
  type StartTwoFactorRequest,
  TwoFactorSetupSchema,
} from '@candor/contracts/two-factor';
import { apiRequest, apiSend } from '../../lib/api.ts';

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

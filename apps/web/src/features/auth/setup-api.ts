import { SignUpResponseSchema } from '@candor/contracts/auth';
import { type CreateOwnerRequest, SetupStatusSchema } from '@candor/contracts/setup';
import { apiRequest } from '../../lib/api.ts';

export function readSetupStatus(token: string, signal?: AbortSignal) {
  return apiRequest(`/api/setup?token=${encodeURIComponent(token)}`, SetupStatusSchema, { signal });
}

export function createOwner(body: CreateOwnerRequest) {
  return apiRequest('/api/setup', SignUpResponseSchema, { method: 'POST', body });
}

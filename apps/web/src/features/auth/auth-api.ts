import {
  type CompletePasswordResetRequest,
  MeSchema,
  MessageResponseSchema,
  type RequestPasswordResetRequest,
  type SignInRequest,
  SignInResponseSchema,
  type SignUpRequest,
  SignUpResponseSchema,
  VerifyEmailResponseSchema,
} from '@candor/contracts/auth';
import type { SignInSecondFactorRequest } from '@candor/contracts/two-factor';
import { z } from 'zod';
import { apiRequest, apiSend } from '../../lib/api.ts';

const SignedInSchema = z.object({ user: MeSchema });

/** Signs in with the password: the user, or (two-factor on) `{ twoFactorRequired: true }`. */
export function signIn(body: SignInRequest) {
  return apiRequest('/api/session', SignInResponseSchema, { method: 'POST', body });
}

/** The second step of a sign-in with two-factor on: a 6-digit code or a recovery code. */
export function signInWithSecondFactor(body: SignInSecondFactorRequest) {
  return apiRequest('/api/session/two-factor', SignedInSchema, { method: 'POST', body });
}

export function signUp(body: SignUpRequest) {
  return apiRequest('/api/users', SignUpResponseSchema, { method: 'POST', body });
}

export function requestPasswordReset(body: RequestPasswordResetRequest) {
  return apiRequest('/api/password-resets', MessageResponseSchema, { method: 'POST', body });
}

export function completePasswordReset(body: CompletePasswordResetRequest) {
  return apiSend('/api/password-resets/complete', { method: 'POST', body });
}

export function verifyEmail(token: string) {
  return apiRequest('/api/email-verifications', VerifyEmailResponseSchema, {
    method: 'POST',
    body: { token },
  });
}

/** The freeze link of a withdrawal e-mail: stops withdrawals and ends every session (no sign-in needed). */
export function freezeWithdrawals(token: string) {
  return apiRequest('/api/withdrawal-freezes', MessageResponseSchema, { method: 'POST', body: { token } });
}

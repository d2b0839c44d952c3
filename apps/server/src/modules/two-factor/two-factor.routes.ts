import { ErrorResponseSchema } from '@candor/contracts/errors';
import {
  ConfirmTwoFactorRequestSchema,
  DisableTwoFactorRequestSchema,
  RecoveryCodesSchema,
  RegenerateRecoveryCodesRequestSchema,
  StartTwoFactorRequestSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@candor/contracts/two-factor';
import { z } from 'zod';
import { authHeaders, sendAuthCookies } from '../../lib/auth-calls.ts';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  readTwoFactorStatus,
  recordTwoFactorChange,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from './two-factor.service.ts';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** The signed-in user's own two-factor sign-in (TOTP): turn it on, new recovery codes, turn it off. */
export const twoFactorRoutes: RoutesPlugin<'db' | 'auth' | 'clock' | 'transactions'> = async (
  app,
  { db, auth, clock, transactions },
) => {
  app.get(
    '/api/account/two-factor',
    {
      config: { access: 'client' },
      schema: {
        tags: ['account'],
        summary: "The signed-in user's two-factor: on or off, and its latest changes (newest first)",
        response: { 200: TwoFactorStatusSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => readTwoFactorStatus(db, requireActor(request).id),
  );

  app.post(
    '/api/account/two-factor',
    {
      config: { access: 'client' },
      schema: {
        tags: ['account'],
        summary: 'Start turning two-factor on: checks the password, answers the authenticator secret',
        description:
          'Answers the otpauth:// URI (for a QR code) and its base32 secret. Two-factor is on only once ' +
          'a code from the app confirms it (POST /api/account/two-factor/confirmation).',
        body: StartTwoFactorRequestSchema,
        response: { 200: TwoFactorSetupSchema, ...errors },
      },
    },
    async (request) =>
      startTwoFactorSetup({
        db,
        auth,
        actor: requireActor(request),
        headers: authHeaders(request, { withCookies: true }),
        password: request.body.password,
      }),
  );

  app.post(
    '/api/account/two-factor/confirmation',
    {
      config: { access: 'client' },
      schema: {
        tags: ['account'],
        summary: 'Confirm the authenticator app with its first code: two-factor is on',
        description: 'Answers the recovery codes, this once. The session is replaced (new cookie).',
        body: ConfirmTwoFactorRequestSchema,
        response: { 200: RecoveryCodesSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { recoveryCodes, cookies } = await confirmTwoFactorSetup({
        db,
        auth,
        actor,
        headers: authHeaders(request, { withCookies: true }),
        code: request.body.code,
      });
      await transactions.run(({ tx, now, outbox }) =>
        recordTwoFactorChange({ tx, actor, now, outbox, change: 'enable' }),
      );
      sendAuthCookies(reply, cookies);
      return { recoveryCodes };
    },
  );

  app.post(
    '/api/account/two-factor/recovery-codes',
    {
      config: { access: 'client' },
      schema: {
        tags: ['account'],
        summary: 'New recovery codes (the old ones stop working); needs the password',
        body: RegenerateRecoveryCodesRequestSchema,
        response: { 200: RecoveryCodesSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const codes = await regenerateRecoveryCodes({
        auth,
        headers: authHeaders(request, { withCookies: true }),
        password: request.body.password,
      });
      await transactions.run(({ tx, now, outbox }) =>
        recordTwoFactorChange({ tx, actor, now, outbox, change: 'recovery_codes' }),
      );
      return codes;
    },
  );

  app.post(
    '/api/account/two-factor/disable',
    {
      config: { access: 'client' },
      schema: {
        tags: ['account'],
        summary: 'Turn two-factor off; needs the password and a current code',
        description: 'The session is replaced (new cookie).',
        body: DisableTwoFactorRequestSchema,
        response: { 204: z.null().describe('Two-factor is off'), ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const cookies = await disableTwoFactor({
        db,
        auth,
        clock,
        actor,
        headers: authHeaders(request, { withCookies: true }),
        password: request.body.password,
        code: request.body.code,
      });
      await transactions.run(({ tx, now, outbox }) =>
        recordTwoFactorChange({ tx, actor, now, outbox, change: 'disable' }),
      );
      sendAuthCookies(reply, cookies);
      return reply.status(204).send(null);
    },
  );
};

import {
  ACCOUNT_SECURITY_MESSAGES,
  FreezeWithdrawalsRequestSchema,
  ReleaseWithdrawalFreezeRequestSchema,
  SecurityOverviewSchema,
  UnfreezeWithdrawalsRequestSchema,
  WithdrawalProtectionSchema,
} from '@candor/contracts/account-security';
import { MessageResponseSchema } from '@candor/contracts/auth';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { authErrorCode, authHeaders } from '../../lib/auth-calls.ts';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { requireLockedOpenCustomer, requireOpenCustomer } from '../admin-users/admin-users.service.ts';
import {
  freezeWithdrawals,
  readSecurityOverview,
  readWithdrawalProtection,
  releaseWithdrawalFreeze,
  unfreezeWithdrawals,
} from './account-security.service.ts';

const UserParamsSchema = z.object({ id: z.string().min(1).max(100) });
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

export const accountSecurityRoutes: RoutesPlugin<'db' | 'auth' | 'clock' | 'transactions'> = async (
  app,
  { db, auth, clock, transactions },
) => {
  app.get(
    '/api/withdrawals/protection',
    {
      config: { access: 'client' },
      schema: {
        tags: ['withdrawals'],
        summary:
          'Whether a withdrawal can be requested now: a freeze or a 24-hour wait, with why and until when',
        response: { 200: WithdrawalProtectionSchema, ...errors },
      },
    },
    async (request) => readWithdrawalProtection(db, requireActor(request).id, clock()),
  );

  app.get(
    '/api/account/security',
    {
      config: { access: 'client' },
      schema: {
        tags: ['account'],
        summary: "The signed-in customer's withdrawal protection and latest security events",
        response: { 200: SecurityOverviewSchema, ...errors },
      },
    },
    async (request) => readSecurityOverview(db, requireActor(request).id, clock()),
  );

  app.post(
    '/api/withdrawal-freezes',
    {
      config: { access: 'public' },
      schema: {
        tags: ['account'],
        summary: 'Freeze withdrawals with the link of a withdrawal e-mail (no sign-in needed)',
        description:
          'The token is single-use. Withdrawals stop at once (new requests and confirmations are refused ' +
          'with 423 WITHDRAWALS_FROZEN; undecided requests stay for staff) and every session of the account ' +
          'ends, until the customer signs in and unfreezes or staff release the freeze. An unknown, used or ' +
          'expired token answers 400 INVALID_TOKEN.',
        body: FreezeWithdrawalsRequestSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await transactions.run(({ tx, now }) => freezeWithdrawals({ tx, now, token: request.body.token }));
      return { message: ACCOUNT_SECURITY_MESSAGES.frozenDone };
    },
  );

  app.post(
    '/api/account/withdrawal-freeze/unfreeze',
    {
      config: { access: 'client' },
      schema: {
        tags: ['account'],
        summary: 'Unfreeze withdrawals on the signed-in account (asks for the password)',
        body: UnfreezeWithdrawalsRequestSchema,
        response: { 200: WithdrawalProtectionSchema, ...errors, 409: ErrorResponseSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      try {
        await auth.api.verifyPassword({
          body: { password: request.body.password },
          headers: authHeaders(request, { withCookies: true }),
        });
      } catch (error) {
        if (authErrorCode(error) === 'INVALID_PASSWORD') {
          throw new AppError('WRONG_PASSWORD', ACCOUNT_SECURITY_MESSAGES.wrongPassword);
        }
        throw error;
      }
      return transactions.run(({ tx, now }) => unfreezeWithdrawals({ tx, actor, now }));
    },
  );

  app.get(
    '/api/admin/users/:id/security',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['admin'],
        summary: "A customer's withdrawal protection (freeze, 24-hour wait) and latest security events",
        params: UserParamsSchema,
        response: { 200: SecurityOverviewSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      await requireOpenCustomer(db, request.params.id);
      return readSecurityOverview(db, request.params.id, clock());
    },
  );

  app.post(
    '/api/admin/users/:id/withdrawal-freeze/release',
    {
      config: { access: 'customers.status' },
      schema: {
        tags: ['admin'],
        summary: "Release a customer's withdrawal freeze, with a reason (audited)",
        description:
          'Refused with 403 FORBIDDEN on a staff account: it holds no money, and its freeze stays.',
        params: UserParamsSchema,
        body: ReleaseWithdrawalFreezeRequestSchema,
        response: {
          200: WithdrawalProtectionSchema,
          ...errors,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.run(async ({ tx, now }) => {
        // A staff account's freeze stays (403, docs/decisions/061): it holds no money (062), and the
        // freeze applies again if it becomes a customer's. Its role is read under the row's share
        // lock, which a role change waits for.
        await requireLockedOpenCustomer(tx, request.params.id);
        return releaseWithdrawalFreeze({
          tx,
          actor,
          now,
          userId: request.params.id,
          reason: request.body.reason,
        });
      });
    },
  );
};

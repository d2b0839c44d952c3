import {
  AccountStatusRequestSchema,
  AccountStatusSchema,
  CLOSE_AFTER_ADJUSTMENT_DAYS,
  CloseCheckSchema,
  ClosedAccountSchema,
} from '@candor/contracts/account-status';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import { z } from 'zod';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { suspendAccount, unsuspendAccount } from './account-status.service.ts';
import { checkAccountClosable, closeAccount } from './close-account.service.ts';

const UserParamsSchema = z.object({ id: z.string().min(1).max(200) });

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};

/** Suspend, unsuspend and close a customer's account, each with a required reason (all audited). */
export const accountStatusRoutes: RoutesPlugin<'db' | 'clock' | 'transactions' | 'storage'> = async (
  app,
  { db, clock, transactions, storage },
) => {
  app.post(
    '/api/admin/users/:id/suspend',
    {
      config: { access: 'customers.status' },
      schema: {
        tags: ['admin users'],
        summary: "Suspend a customer's account, with a reason the customer sees",
        description:
          'The customer can still sign in, read their statement and close their own trades; opening trades, ' +
          'deposits and withdrawal requests are refused. 409 ACCOUNT_STATUS_UNCHANGED when already suspended, ' +
          '403 ACCOUNT_CLOSED for a closed account, 422 PAYMENT_DEMAND for a reason asking the customer to pay.',
        params: UserParamsSchema,
        body: AccountStatusRequestSchema,
        response: { 200: AccountStatusSchema, ...errors, 422: ErrorResponseSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.run(({ tx, now, outbox }) =>
        suspendAccount({ tx, actor, now, outbox, userId: request.params.id, reason: request.body.reason }),
      );
    },
  );

  app.post(
    '/api/admin/users/:id/unsuspend',
    {
      config: { access: 'customers.status' },
      schema: {
        tags: ['admin users'],
        summary: "Make a suspended customer's account active again, with a reason (audited)",
        description: '409 ACCOUNT_STATUS_UNCHANGED when the account is not suspended.',
        params: UserParamsSchema,
        body: AccountStatusRequestSchema,
        response: { 200: AccountStatusSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.run(({ tx, now, outbox }) =>
        unsuspendAccount({ tx, actor, now, outbox, userId: request.params.id, reason: request.body.reason }),
      );
    },
  );

  app.get(
    '/api/admin/users/:id/close-check',
    {
      config: { access: 'customers.close' },
      schema: {
        tags: ['admin users'],
        summary: "What would refuse closing a customer's account now",
        description:
          'The sentences a close would be refused with now (409 ACCOUNT_NOT_CLOSABLE), one each; none when ' +
          'the account can be closed. Read without locks, for the Close account dialog: the close checks again ' +
          'and decides. 403 ACCOUNT_CLOSED for a closed account, 409 CONFLICT for a staff account.',
        params: UserParamsSchema,
        response: { 200: CloseCheckSchema, ...errors },
      },
    },
    async (request) => checkAccountClosable(db, request.params.id, clock()),
  );

  app.post(
    '/api/admin/users/:id/close',
    {
      config: { access: 'customers.close' },
      schema: {
        tags: ['admin users'],
        summary: "Close a customer's account and erase their personal data",
        description:
          'Only with no open position, no pending deposit, no undecided withdrawal, no request awaiting a ' +
          `second approval, a zero balance and no manual adjustment in the last ${CLOSE_AFTER_ADJUSTMENT_DAYS} days (the customer was mailed ` +
          'it and must have time to object; the refusal says from when the account can be closed) ' +
          '(409 ACCOUNT_NOT_CLOSABLE names everything that stands in the way, one sentence each). Erases the name, e-mail, username, ' +
          'picture, password, passkeys, sessions, sign-in history, kept mail, payout details and files; keeps the ' +
          'ledger, trades, deposits, withdrawals and audit rows, linked to the anonymised account. The customer ' +
          'is mailed, at the address the account had, that it was closed and why (sent once the close has ' +
          'committed; the message then keeps only its envelope).',
        params: UserParamsSchema,
        body: AccountStatusRequestSchema,
        response: { 200: ClosedAccountSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const { closed, storageKeys } = await transactions.run(({ tx, now, outbox }) =>
        closeAccount({ tx, actor, now, outbox, userId: request.params.id, reason: request.body.reason }),
      );
      // The bytes go once the close has committed (a refused close keeps them); a failure is logged.
      for (const key of storageKeys) {
        await storage.delete(key).catch((error: unknown) => {
          request.log.warn({ err: error, key }, 'a closed account file could not be deleted');
        });
      }
      return closed;
    },
  );
};

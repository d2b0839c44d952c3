import { ErrorResponseSchema } from '@candor/contracts/errors';
import { IdempotencyHeadersSchema, PageQuerySchema } from '@candor/contracts/money';
import {
  AdminWithdrawalListQuerySchema,
  AdminWithdrawalPageSchema,
  AdminWithdrawalSchema,
  ApproveWithdrawalRequestSchema,
  ConfirmWithdrawalRequestSchema,
  CreateWithdrawalRequestSchema,
  RejectWithdrawalRequestSchema,
  ReleaseWithdrawalHoldRequestSchema,
  WithdrawalPageSchema,
  WithdrawalSchema,
  WithdrawalTermsSchema,
} from '@candor/contracts/withdrawals';
import { z } from 'zod';
import { readIdempotencyClaim } from '../../lib/idempotency.ts';
import { requireActiveActor, requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { requireSecondFactor } from '../two-factor/two-factor-code.ts';
import { requireCustomerAccount } from '../users/users.service.ts';
import {
  listAdminWithdrawals,
  rejectWithdrawal,
  releaseWithdrawalHold,
  requireAdminWithdrawal,
} from './admin-withdrawals.service.ts';
import { createWithdrawalApprovalGroup } from './approve-withdrawals-together.ts';
import { createWithdrawalRequestGroup } from './request-withdrawals-together.ts';
import { confirmWithdrawal, resendWithdrawalCode } from './withdrawal-confirmation.service.ts';
import {
  cancelWithdrawal,
  listWithdrawals,
  readWithdrawalTerms,
  requireOwnWithdrawal,
} from './withdrawals.service.ts';

const IdParamsSchema = z.object({ id: z.string().min(1).max(100) });

const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const moneyErrors = {
  400: ErrorResponseSchema,
  ...errors,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  422: ErrorResponseSchema,
};

export const withdrawalsRoutes: RoutesPlugin<'db' | 'transactions' | 'env' | 'auth' | 'clock'> = async (
  app,
  { db, transactions, env, auth, clock },
) => {
  const { publicUrl } = env;
  // Requests and approvals that arrive together are decided in one transaction (group commit, decision 041).
  const withdrawalRequests = createWithdrawalRequestGroup({ transactions, publicUrl, log: app.log });
  const withdrawalApprovals = createWithdrawalApprovalGroup({ transactions, log: app.log });
  // ---------- customers ----------

  app.get(
    '/api/withdrawals/terms',
    {
      config: { access: 'client' },
      schema: {
        tags: ['withdrawals'],
        summary: 'The minimum withdrawal, the fee percentage and the available balance, for the form',
        response: { 200: WithdrawalTermsSchema, ...errors },
      },
    },
    async (request) => readWithdrawalTerms(db, requireActor(request).id),
  );

  app.get(
    '/api/withdrawals',
    {
      config: { access: 'client' },
      schema: {
        tags: ['withdrawals'],
        summary: "The signed-in customer's withdrawals, newest first, 5 a page",
        querystring: PageQuerySchema,
        response: { 200: WithdrawalPageSchema, ...errors },
      },
    },
    async (request) => listWithdrawals(db, requireActor(request).id, request.query.page),
  );

  app.get(
    '/api/withdrawals/:id',
    {
      config: { access: 'client' },
      schema: {
        tags: ['withdrawals'],
        summary: 'One of the signed-in customer’s withdrawals',
        params: IdParamsSchema,
        response: { 200: WithdrawalSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request) => requireOwnWithdrawal(db, requireActor(request).id, request.params.id),
  );

  app.post(
    '/api/withdrawals',
    {
      config: { access: 'client' },
      schema: {
        tags: ['withdrawals'],
        summary: 'Request a withdrawal: the amount is reserved at once',
        description:
          'Checks the amount (minimum, available balance) and the payout details, fixes the fee at the ' +
          'current percentage (deducted from the amount), and reserves the amount in the same transaction. ' +
          'The status is awaiting_confirmation (a 6-digit code is e-mailed), on_hold (the hold reason is ' +
          'answered) or pending. Accepts an Idempotency-Key: a retry records and reserves once. Every ' +
          'request e-mails the customer a link that freezes withdrawals. Refused with 423 WITHDRAWALS_FROZEN ' +
          'while frozen and 423 WITHDRAWALS_PAUSED within 24 hours of a password or e-mail change or of turning two-factor off ' +
          '(the message says why and until when; GET /api/withdrawals/protection gives both). When the ' +
          "customer's two-factor sign-in is on, twoFactorCode is required (TWO_FACTOR_CODE_REQUIRED without " +
          'it, INVALID_TWO_FACTOR_CODE when wrong). An account whose identity is not verified is refused ' +
          'with 403 IDENTITY_REQUIRED while Settings say withdrawals need a verified identity, otherwise ' +
          'with 422 VERIFICATION_LIMIT above its 30-day limit (non-rejected, non-cancelled requests counted).',
        headers: IdempotencyHeadersSchema,
        body: CreateWithdrawalRequestSchema,
        response: { 200: WithdrawalSchema, ...moneyErrors, 423: ErrorResponseSchema },
      },
    },
    async (request) => {
      const actor = requireActiveActor(request);
      // A staff account is refused before it is asked for a code (decision 062); the request's
      // transaction reads the role again under the accounts' lock (withdrawalRequestRefusal).
      requireCustomerAccount(actor);
      // With two-factor on, every request carries a right code; checked (and throttled) before anything is reserved.
      await requireSecondFactor({
        db,
        auth,
        clock,
        userId: actor.id,
        code: request.body.twoFactorCode,
        enabled: request.twoFactorEnabled,
      });
      return withdrawalRequests.submit({ actor, input: request.body, claim: readIdempotencyClaim(request) });
    },
  );

  app.post(
    '/api/withdrawals/:id/cancel',
    {
      config: { access: 'client' },
      schema: {
        tags: ['withdrawals'],
        summary: 'Cancel one of your own withdrawals before it is decided: the amount returns at once',
        description:
          'Awaiting confirmation, on hold or pending requests can be cancelled (status cancelled); the ' +
          'reserved amount is released by a ledger entry in the same transaction. A decided (or already ' +
          'cancelled) request answers 409 ALREADY_DECIDED; when a staff decision and a cancellation meet, ' +
          'the first wins and the other is refused. Allowed on a suspended account too. Accepts an ' +
          'Idempotency-Key.',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        response: { 200: WithdrawalSchema, ...moneyErrors },
      },
    },
    async (request) => {
      // A suspended or frozen customer may still take their money back from a request.
      const actor = requireActor(request);
      return transactions.runMoneyRequest(request, WithdrawalSchema, ({ tx, now }) =>
        cancelWithdrawal({ tx, actor, now, id: request.params.id }),
      );
    },
  );

  app.post(
    '/api/withdrawals/:id/confirm',
    {
      config: { access: 'client' },
      schema: {
        tags: ['withdrawals'],
        summary: 'Confirm a withdrawal with the code e-mailed to the customer',
        description:
          'A wrong code answers 400 INVALID_WITHDRAWAL_CODE; the fifth wrong code spends it (429 ' +
          'TOO_MANY_ATTEMPTS) and a new code must be asked for. Codes are valid for 10 minutes.',
        params: IdParamsSchema,
        body: ConfirmWithdrawalRequestSchema,
        response: {
          200: WithdrawalSchema,
          ...moneyErrors,
          423: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const actor = requireActiveActor(request);
      const confirmed = await transactions.run((context) =>
        confirmWithdrawal({ ...context, actor, id: request.params.id, code: request.body.code }),
      );
      // A wrong code is refused only after its try was committed.
      if (!confirmed.ok) throw confirmed.error;
      return confirmed.value;
    },
  );

  app.post(
    '/api/withdrawals/:id/code',
    {
      config: { access: 'client', rateLimit: 'mail' },
      schema: {
        tags: ['withdrawals'],
        summary: 'E-mail a new confirmation code for a withdrawal awaiting confirmation',
        params: IdParamsSchema,
        response: {
          200: WithdrawalSchema,
          ...moneyErrors,
          423: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const actor = requireActiveActor(request);
      return transactions.run((context) =>
        resendWithdrawalCode({ ...context, actor, id: request.params.id, publicUrl }),
      );
    },
  );

  // ---------- administrators ----------

  app.get(
    '/api/admin/withdrawals',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['withdrawals'],
        summary: 'All withdrawals, newest first, 5 a page, optionally searched by customer e-mail',
        querystring: AdminWithdrawalListQuerySchema,
        response: { 200: AdminWithdrawalPageSchema, ...errors },
      },
    },
    async (request) => listAdminWithdrawals(db, request.query),
  );

  app.get(
    '/api/admin/withdrawals/:id',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['withdrawals'],
        summary: 'One withdrawal with its payout details, customer, decision and ledger entries',
        params: IdParamsSchema,
        response: { 200: AdminWithdrawalSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request) => requireAdminWithdrawal(db, request.params.id),
  );

  app.post(
    '/api/admin/withdrawals/:id/approve',
    {
      config: { access: 'withdrawals.decide' },
      schema: {
        tags: ['withdrawals'],
        summary:
          'Approve a pending withdrawal with a reason: settle the reservation (net paid out, fee to revenue)',
        description:
          'The reason (1 to 500 characters, trimmed) is recorded in the audit log, not shown to the customer; ' +
          'without one the answer is 400 VALIDATION_FAILED and nothing moves. ' +
          'Only a pending withdrawal can be approved; a decided one answers 409 ALREADY_DECIDED. ' +
          'Four-eyes: above the threshold of the settings (fourEyesThreshold; 0 = off) nothing moves: the ' +
          'answer is still 200, the withdrawal stays pending and its awaitingApproval names the request a ' +
          'different staff member decides (POST /api/admin/approvals/{id}/approve), with the reason as the ' +
          "maker's. While it waits, approve and reject answer 409 AWAITING_SECOND_APPROVAL. Accepts an " +
          'Idempotency-Key: a retry with the same reason settles once, the same key with another reason ' +
          'answers 422 IDEMPOTENCY_KEY_REUSED.',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: ApproveWithdrawalRequestSchema,
        response: { 200: AdminWithdrawalSchema, ...moneyErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return withdrawalApprovals.submit({
        actor,
        id: request.params.id,
        reason: request.body.reason,
        claim: readIdempotencyClaim(request),
      });
    },
  );

  app.post(
    '/api/admin/withdrawals/:id/reject',
    {
      config: { access: 'withdrawals.decide' },
      schema: {
        tags: ['withdrawals'],
        summary: 'Reject a pending withdrawal with a reason: the reserved amount returns to the customer',
        description:
          'Only a pending withdrawal can be rejected; a decided one answers 409 ALREADY_DECIDED, one ' +
          'whose approval awaits a second staff member 409 AWAITING_SECOND_APPROVAL (reject that request on ' +
          'the Approvals tab first). A reason asking the customer to pay is refused with 422 PAYMENT_DEMAND ' +
          '(no payment is ever needed to withdraw). Accepts an Idempotency-Key.',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: RejectWithdrawalRequestSchema,
        response: { 200: AdminWithdrawalSchema, ...moneyErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.runMoneyRequest(request, AdminWithdrawalSchema, ({ tx, now, outbox }) =>
        rejectWithdrawal({ tx, actor, now, outbox, id: request.params.id, reason: request.body.reason }),
      );
    },
  );

  app.post(
    '/api/admin/withdrawals/:id/release-hold',
    {
      config: { access: 'withdrawals.settings' },
      schema: {
        tags: ['withdrawals'],
        summary: 'Release the hold on a withdrawal: it becomes pending (an optional note is recorded)',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: ReleaseWithdrawalHoldRequestSchema.nullish(),
        response: { 200: AdminWithdrawalSchema, ...moneyErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.runMoneyRequest(request, AdminWithdrawalSchema, ({ tx, now, outbox }) =>
        releaseWithdrawalHold({
          tx,
          actor,
          now,
          outbox,
          id: request.params.id,
          reason: request.body?.reason,
        }),
      );
    },
  );
};

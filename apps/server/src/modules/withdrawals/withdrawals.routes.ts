import { ErrorResponseSchema } from '@candor/contracts/errors';
import { IdempotencyHeadersSchema, PageQuerySchema } from '@candor/contracts/money';
import {
  AdminWithdrawalListQuerySchema,
  AdminWithdrawalPageSchema,
  AdminWithdrawalSchema,
  ConfirmWithdrawalRequestSchema,
  CreateWithdrawalRequestSchema,
  RejectWithdrawalRequestSchema,
  ReleaseWithdrawalHoldRequestSchema,
  WithdrawalPageSchema,
  WithdrawalSchema,
  WithdrawalTermsSchema,
} from '@candor/contracts/withdrawals';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../app.ts';
import { runMoneyRequest } from '../../lib/idempotency.ts';
import { requireActiveActor, requireActor, requireAuditActor } from '../../lib/request-actor.ts';
import { readSiteName } from '../settings/settings.service.ts';
import {
  approveWithdrawal,
  listAdminWithdrawals,
  rejectWithdrawal,
  releaseWithdrawalHold,
  requireAdminWithdrawal,
} from './admin-withdrawals.service.ts';
import { type CodeMail, sendWithdrawalCode } from './withdrawal-codes.ts';
import {
  confirmWithdrawal,
  createWithdrawal,
  listWithdrawals,
  readWithdrawalTerms,
  requireOwnWithdrawal,
  resendWithdrawalCode,
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

export async function withdrawalsRoutes(app: FastifyInstance, { database, mailer }: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  /**
   * E-mails a code once the transaction that stored its hash has committed. A failed send leaves
   * the request awaiting confirmation; the customer can ask for a new code.
   */
  async function deliverCode(mail: CodeMail | undefined, log: FastifyBaseLogger): Promise<void> {
    if (!mail) return;
    try {
      await sendWithdrawalCode(mailer, await readSiteName(db), mail);
    } catch (error) {
      log.error({ err: error }, 'withdrawal code e-mail could not be sent');
    }
  }

  // ---------- customers ----------

  r.get(
    '/api/withdrawals/terms',
    {
      config: { access: 'client' },
      schema: {
        tags: ['withdrawals'],
        security: [{ session: [] }],
        summary: 'The minimum withdrawal, the fee percentage and the available balance, for the form',
        response: { 200: WithdrawalTermsSchema, ...errors },
      },
    },
    async (request) => readWithdrawalTerms(db, requireActor(request).userId),
  );

  r.get(
    '/api/withdrawals',
    {
      config: { access: 'client' },
      schema: {
        tags: ['withdrawals'],
        security: [{ session: [] }],
        summary: "The signed-in customer's withdrawals, newest first, 5 a page",
        querystring: PageQuerySchema,
        response: { 200: WithdrawalPageSchema, ...errors },
      },
    },
    async (request) => listWithdrawals(db, requireActor(request).userId, request.query.page),
  );

  r.get(
    '/api/withdrawals/:id',
    {
      config: { access: 'client' },
      schema: {
        tags: ['withdrawals'],
        security: [{ session: [] }],
        summary: 'One of the signed-in customer’s withdrawals',
        params: IdParamsSchema,
        response: { 200: WithdrawalSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request) => requireOwnWithdrawal(db, requireActor(request).userId, request.params.id),
  );

  r.post(
    '/api/withdrawals',
    {
      config: { access: 'client' },
      schema: {
        tags: ['withdrawals'],
        security: [{ session: [] }],
        summary: 'Request a withdrawal: the amount is reserved at once',
        description:
          'Checks the amount (minimum, available balance) and the payout details, fixes the fee at the ' +
          'current percentage (deducted from the amount), and reserves the amount in the same transaction. ' +
          'The status is awaiting_confirmation (a 6-digit code is e-mailed), on_hold (the hold reason is ' +
          'answered) or pending. Accepts an Idempotency-Key: a retry records and reserves once.',
        headers: IdempotencyHeadersSchema,
        body: CreateWithdrawalRequestSchema,
        response: { 200: WithdrawalSchema, ...moneyErrors },
      },
    },
    async (request) => {
      const actor = requireActiveActor(request);
      const issued: { mail?: CodeMail } = {};
      const withdrawal = await runMoneyRequest(db, request, WithdrawalSchema, async (tx) => {
        const created = await createWithdrawal(tx, actor, request.body, new Date());
        issued.mail = created.mail;
        return created.value;
      });
      await deliverCode(issued.mail, request.log);
      return withdrawal;
    },
  );

  r.post(
    '/api/withdrawals/:id/confirm',
    {
      config: { access: 'client' },
      schema: {
        tags: ['withdrawals'],
        security: [{ session: [] }],
        summary: 'Confirm a withdrawal with the code e-mailed to the customer',
        description:
          'A wrong code answers 400 INVALID_WITHDRAWAL_CODE; the fifth wrong code spends it (429 ' +
          'TOO_MANY_ATTEMPTS) and a new code must be asked for. Codes are valid for 10 minutes.',
        params: IdParamsSchema,
        body: ConfirmWithdrawalRequestSchema,
        response: { 200: WithdrawalSchema, ...moneyErrors, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      const actor = requireActiveActor(request);
      return confirmWithdrawal(db, actor.userId, request.params.id, request.body.code, new Date());
    },
  );

  r.post(
    '/api/withdrawals/:id/code',
    {
      config: { access: 'client' },
      schema: {
        tags: ['withdrawals'],
        security: [{ session: [] }],
        summary: 'E-mail a new confirmation code for a withdrawal awaiting confirmation',
        params: IdParamsSchema,
        response: { 200: WithdrawalSchema, ...moneyErrors, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      const actor = requireActiveActor(request);
      const resent = await resendWithdrawalCode(db, actor.userId, request.params.id, new Date());
      await deliverCode(resent.mail, request.log);
      return resent.value;
    },
  );

  // ---------- administrators ----------

  r.get(
    '/api/admin/withdrawals',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['withdrawals'],
        security: [{ session: [] }],
        summary: 'All withdrawals, newest first, 5 a page, optionally searched by customer e-mail',
        querystring: AdminWithdrawalListQuerySchema,
        response: { 200: AdminWithdrawalPageSchema, ...errors },
      },
    },
    async (request) => listAdminWithdrawals(db, request.query),
  );

  r.get(
    '/api/admin/withdrawals/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['withdrawals'],
        security: [{ session: [] }],
        summary: 'One withdrawal with its payout details, customer, decision and ledger entries',
        params: IdParamsSchema,
        response: { 200: AdminWithdrawalSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request) => requireAdminWithdrawal(db, request.params.id),
  );

  r.post(
    '/api/admin/withdrawals/:id/approve',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['withdrawals'],
        security: [{ session: [] }],
        summary: 'Approve a pending withdrawal: settle the reservation (net paid out, fee to revenue)',
        description:
          'Only a pending withdrawal can be approved; a decided one answers 409 ALREADY_DECIDED. ' +
          'Accepts an Idempotency-Key.',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        response: { 200: AdminWithdrawalSchema, ...moneyErrors },
      },
    },
    async (request) => {
      const actor = requireAuditActor(request);
      return runMoneyRequest(db, request, AdminWithdrawalSchema, (tx) =>
        approveWithdrawal(tx, actor, request.params.id),
      );
    },
  );

  r.post(
    '/api/admin/withdrawals/:id/reject',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['withdrawals'],
        security: [{ session: [] }],
        summary: 'Reject a pending withdrawal with a reason: the reserved amount returns to the customer',
        description:
          'Only a pending withdrawal can be rejected; a decided one answers 409 ALREADY_DECIDED. ' +
          'Accepts an Idempotency-Key.',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: RejectWithdrawalRequestSchema,
        response: { 200: AdminWithdrawalSchema, ...moneyErrors },
      },
    },
    async (request) => {
      const actor = requireAuditActor(request);
      return runMoneyRequest(db, request, AdminWithdrawalSchema, (tx) =>
        rejectWithdrawal(tx, actor, request.params.id, request.body.reason),
      );
    },
  );

  r.post(
    '/api/admin/withdrawals/:id/release-hold',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['withdrawals'],
        security: [{ session: [] }],
        summary: 'Release the hold on a withdrawal: it becomes pending (an optional note is recorded)',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: ReleaseWithdrawalHoldRequestSchema.nullish(),
        response: { 200: AdminWithdrawalSchema, ...moneyErrors },
      },
    },
    async (request) => {
      const actor = requireAuditActor(request);
      return runMoneyRequest(db, request, AdminWithdrawalSchema, (tx) =>
        releaseWithdrawalHold(tx, actor, request.params.id, request.body?.reason),
      );
    },
  );
}

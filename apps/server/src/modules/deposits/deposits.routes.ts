import {
  AdminDepositListQuerySchema,
  AdminDepositPageSchema,
  AdminDepositSchema,
  CreateDepositQuoteRequestSchema,
  CreateDepositRequestSchema,
  DepositPageQuerySchema,
  DepositPageSchema,
  DepositProofSchema,
  DepositQuoteSchema,
  DepositSchema,
  RejectDepositRequestSchema,
} from '@candor/contracts/deposits';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import { IdempotencyHeadersSchema } from '@candor/contracts/money';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../app.ts';
import { runMoneyRequest } from '../../lib/idempotency.ts';
import { requireActiveActor, requireActor, requireAuditActor } from '../../lib/request-actor.ts';
import { readUploadedFile } from '../storage/read-upload.ts';
import {
  approveDeposit,
  createDepositQuote,
  listDeposits,
  listOwnDeposits,
  rejectDeposit,
  requireAdminDeposit,
  saveDepositProof,
  submitDeposit,
} from './deposits.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const DepositIdParamsSchema = z.object({ id: z.string() });

export async function depositsRoutes(
  app: FastifyInstance,
  { database, storage, market }: Services,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  // ---------- customers ----------

  r.post(
    '/api/deposit-quotes',
    {
      config: { access: 'client' },
      schema: {
        tags: ['deposits'],
        security: [{ session: [] }],
        summary: 'Deposit step 2: convert a USD amount into a coin at the current rate (valid one hour)',
        body: CreateDepositQuoteRequestSchema,
        response: {
          200: DepositQuoteSchema,
          ...errors,
          409: ErrorResponseSchema,
          503: ErrorResponseSchema,
        },
      },
    },
    async (request) =>
      createDepositQuote(db, market, requireActiveActor(request).userId, request.body, new Date()),
  );

  r.post(
    '/api/deposits/proofs',
    {
      config: { access: 'client' },
      schema: {
        tags: ['deposits'],
        security: [{ session: [] }],
        summary: 'Upload a proof of payment (PNG, JPEG, WebP or PDF; multipart field "file"); private',
        response: { 200: DepositProofSchema, ...errors, 413: ErrorResponseSchema, 415: ErrorResponseSchema },
      },
    },
    async (request) => {
      const actor = requireActiveActor(request);
      const data = await readUploadedFile(request);
      return saveDepositProof(db, storage, actor.userId, data);
    },
  );

  r.post(
    '/api/deposits',
    {
      config: { access: 'client' },
      schema: {
        tags: ['deposits'],
        security: [{ session: [] }],
        summary: 'Deposit step 3 (Paid): record a pending deposit on a quote, with its proof of payment',
        headers: IdempotencyHeadersSchema,
        body: CreateDepositRequestSchema,
        response: {
          200: DepositSchema,
          ...errors,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          410: ErrorResponseSchema,
          422: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const actor = requireActiveActor(request);
      return runMoneyRequest(db, request, DepositSchema, (tx) =>
        submitDeposit(tx, actor.userId, request.body, new Date()),
      );
    },
  );

  r.get(
    '/api/deposits',
    {
      config: { access: 'client' },
      schema: {
        tags: ['deposits'],
        security: [{ session: [] }],
        summary: "The signed-in customer's deposits, newest first (10 a page)",
        querystring: DepositPageQuerySchema,
        response: { 200: DepositPageSchema, ...errors },
      },
    },
    async (request) => listOwnDeposits(db, requireActor(request).userId, request.query.page),
  );

  // ---------- administrators ----------

  r.get(
    '/api/admin/deposits',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['deposits'],
        security: [{ session: [] }],
        summary: 'Every deposit, newest first (10 a page), optionally by part of the customer e-mail',
        querystring: AdminDepositListQuerySchema,
        response: { 200: AdminDepositPageSchema, ...errors },
      },
    },
    async (request) => listDeposits(db, request.query),
  );

  r.get(
    '/api/admin/deposits/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['deposits'],
        security: [{ session: [] }],
        summary: 'One deposit with its customer, quote, proof of payment and decision',
        params: DepositIdParamsSchema,
        response: { 200: AdminDepositSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request) => requireAdminDeposit(db, request.params.id),
  );

  const decisionErrors = {
    ...errors,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    422: ErrorResponseSchema,
  };

  r.post(
    '/api/admin/deposits/:id/approve',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['deposits'],
        security: [{ session: [] }],
        summary: "Approve a pending deposit: credits the customer's cash balance once",
        headers: IdempotencyHeadersSchema,
        params: DepositIdParamsSchema,
        response: { 200: AdminDepositSchema, ...decisionErrors },
      },
    },
    async (request) => {
      const actor = requireAuditActor(request);
      return runMoneyRequest(db, request, AdminDepositSchema, (tx) =>
        approveDeposit(tx, actor, request.params.id, new Date()),
      );
    },
  );

  r.post(
    '/api/admin/deposits/:id/reject',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['deposits'],
        security: [{ session: [] }],
        summary: 'Reject a pending deposit with a reason shown to the customer',
        headers: IdempotencyHeadersSchema,
        params: DepositIdParamsSchema,
        body: RejectDepositRequestSchema,
        response: { 200: AdminDepositSchema, ...decisionErrors },
      },
    },
    async (request) => {
      const actor = requireAuditActor(request);
      return runMoneyRequest(db, request, AdminDepositSchema, (tx) =>
        rejectDeposit(tx, actor, request.params.id, request.body.reason, new Date()),
      );
    },
  );
}

import { ErrorResponseSchema } from '@candor/contracts/errors';
import {
  AdminLoanApplicationListQuerySchema,
  AdminLoanApplicationPageSchema,
  AdminLoanApplicationSchema,
  ApproveLoanApplicationRequestSchema,
  CreateLoanApplicationRequestSchema,
  DeclineLoanApplicationRequestSchema,
  LoanApplicationSchema,
  LoanSchema,
  MyLoansSchema,
  RepayLoanRequestSchema,
} from '@candor/contracts/loans';
import { IdempotencyHeadersSchema } from '@candor/contracts/money';
import { z } from 'zod';
import { requireActiveActor, requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import {
  applyForLoan,
  approveLoanApplication,
  declineLoanApplication,
  listLoanApplications,
  listOwnLoans,
  repayLoan,
  requireAdminLoanApplication,
} from './loans.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const changeErrors = {
  ...errors,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  422: ErrorResponseSchema,
};
const IdParamsSchema = z.object({ id: z.string() });

export const loansRoutes: RoutesPlugin<'db' | 'transactions'> = async (app, { db, transactions }) => {
  // ---------- customers ----------

  app.post(
    '/api/loan-applications',
    {
      config: { access: 'client' },
      schema: {
        tags: ['loans'],
        summary:
          'Apply for a loan plan (FullName, Total Monthly Income, goal): the portfolio must reach the plan minimum; one open application or loan at a time',
        body: CreateLoanApplicationRequestSchema,
        response: { 200: LoanApplicationSchema, ...changeErrors },
      },
    },
    async (request) => {
      const actor = requireActiveActor(request);
      return transactions.run(({ tx, now }) => applyForLoan({ tx, actor, now, input: request.body }));
    },
  );

  app.get(
    '/api/loans/mine',
    {
      config: { access: 'client' },
      schema: {
        tags: ['loans'],
        summary: "The customer's loan applications and loans (interest accrued, repaid, owed, due date)",
        response: { 200: MyLoansSchema, ...errors },
      },
    },
    async (request) => listOwnLoans(db, requireActor(request).id),
  );

  app.post(
    '/api/loans/:id/repayments',
    {
      config: { access: 'client' },
      schema: {
        tags: ['loans'],
        summary:
          'Repay a loan from available cash: an amount, or everything owed (interest first, then principal)',
        headers: IdempotencyHeadersSchema,
        params: IdParamsSchema,
        body: RepayLoanRequestSchema,
        response: { 200: LoanSchema, ...changeErrors },
      },
    },
    async (request) => {
      const actor = requireActiveActor(request);
      return transactions.runMoneyRequest(request, LoanSchema, ({ tx, now }) =>
        repayLoan({ tx, actor, now, id: request.params.id, input: request.body }),
      );
    },
  );

  // ---------- staff ----------

  app.get(
    '/api/admin/loan-applications',
    {
      config: { access: 'loans.read' },
      schema: {
        tags: ['loans'],
        summary: 'Loan applications, newest first (10 a page), optionally of one status',
        querystring: AdminLoanApplicationListQuerySchema,
        response: { 200: AdminLoanApplicationPageSchema, ...errors },
      },
    },
    async (request) => listLoanApplications(db, request.query),
  );

  app.get(
    '/api/admin/loan-applications/:id',
    {
      config: { access: 'loans.read' },
      schema: {
        tags: ['loans'],
        summary: 'One loan application with its customer, decision and loan',
        params: IdParamsSchema,
        response: { 200: AdminLoanApplicationSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request) => requireAdminLoanApplication(db, request.params.id),
  );

  app.post(
    '/api/admin/loan-applications/:id/approve',
    {
      config: { access: 'loans.decide' },
      schema: {
        tags: ['loans'],
        summary:
          'Approve a pending application with a reason: re-checks the requirements and pays the loan out once',
        description:
          "The reason (1 to 500 characters, trimmed) is the audit row's and the decision's (the customer's " +
          'application carries it, and the approval mail quotes it); without one the answer is 400 ' +
          'VALIDATION_FAILED and nothing moves. Accepts an Idempotency-Key.',
        headers: IdempotencyHeadersSchema,
        params: IdParamsSchema,
        body: ApproveLoanApplicationRequestSchema,
        response: { 200: AdminLoanApplicationSchema, ...changeErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.runMoneyRequest(request, AdminLoanApplicationSchema, ({ tx, now, outbox }) =>
        approveLoanApplication({
          tx,
          actor,
          now,
          outbox,
          id: request.params.id,
          reason: request.body.reason,
        }),
      );
    },
  );

  app.post(
    '/api/admin/loan-applications/:id/decline',
    {
      config: { access: 'loans.decide' },
      schema: {
        tags: ['loans'],
        summary: 'Decline a pending application with a reason the customer reads',
        headers: IdempotencyHeadersSchema,
        params: IdParamsSchema,
        body: DeclineLoanApplicationRequestSchema,
        response: { 200: AdminLoanApplicationSchema, ...changeErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.runMoneyRequest(request, AdminLoanApplicationSchema, ({ tx, now, outbox }) =>
        declineLoanApplication({
          tx,
          actor,
          now,
          outbox,
          id: request.params.id,
          reason: request.body.reason,
        }),
      );
    },
  );
};

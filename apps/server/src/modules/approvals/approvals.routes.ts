import {
  ApprovalListQuerySchema,
  ApprovalPageSchema,
  ApprovalSchema,
  DecideApprovalRequestSchema,
  SecondDecidersSchema,
  WaitingDeskTradesSchema,
} from '@candor/contracts/approvals';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import { IdempotencyHeadersSchema } from '@candor/contracts/money';
import { z } from 'zod';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { readSecondDeciders } from './approval-deciders.ts';
import { approveApproval, cancelApproval, listApprovals, rejectApproval } from './decide-approval.service.ts';
import { listWaitingDeskTrades } from './desk-trade-approval.service.ts';

const IdParamsSchema = z.object({ id: z.uuid() });
const UserParamsSchema = z.object({ id: z.string().min(1).max(200) });

const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const decisionErrors = {
  400: ErrorResponseSchema,
  ...errors,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  422: ErrorResponseSchema,
};

const WHO_DECIDES =
  'The route admits roles holding approvals.decide; the request itself also needs the permission of the ' +
  'original action (adjustments.create for an adjustment, withdrawals.decide for a withdrawal approval, ' +
  'settings.manage for a change of the deposit addresses or of the four-eyes threshold, trades.manage ' +
  'for a desk trade: ' +
  '403 FORBIDDEN otherwise). The maker can neither approve nor reject their own request: 403 ' +
  'MAKER_CANNOT_APPROVE. A decided or expired request answers 409 ALREADY_DECIDED.';

/** Four-eyes: the Approvals tab's list, and the second staff member's approve and reject. */
export const approvalsRoutes: RoutesPlugin<'db' | 'transactions' | 'market'> = async (
  app,
  { db, transactions, market },
) => {
  app.get(
    '/api/admin/approvals',
    {
      config: { access: 'approvals.decide' },
      schema: {
        tags: ['approvals'],
        summary: 'Four-eyes requests: waiting ones first (oldest first), then decided ones (newest first)',
        querystring: ApprovalListQuerySchema,
        response: { 200: ApprovalPageSchema, 400: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => listApprovals(db, request.query),
  );

  app.get(
    '/api/admin/approvals/second-deciders',
    {
      config: { access: 'approvals.decide' },
      schema: {
        tags: ['approvals'],
        summary: 'For each kind of request, whether another staff member could approve it',
        description:
          'Four-eyes means two people (decision 053): a request above the threshold waits only when another ' +
          'active staff member holds a role that decides its kind; otherwise it is carried out at once and its ' +
          'answer and audit row say fourEyes: no_second_decider. The Settings page and the Approvals tab show it.',
        response: { 200: SecondDecidersSchema, ...errors },
      },
    },
    async (request) => readSecondDeciders(db, requireActor(request).id),
  );

  app.get(
    '/api/admin/users/:id/waiting-desk-trades',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['approvals'],
        summary:
          "A customer's desk bookings awaiting a second approval, oldest first (at most 50), then the latest 10 that expired waiting",
        description:
          'A booking whose result, with the desk trades and manual adjustments of the last 24 hours, is above the ' +
          'four-eyes threshold waits here before it reaches the customer (nothing is mailed or listed for them). ' +
          'One whose open time left the booking window while it waited can no longer be approved: it expires ' +
          '(status expired; the customer never learns of it). Shown on /user/{id} beside the desk trades.',
        params: UserParamsSchema,
        response: { 200: WaitingDeskTradesSchema, ...errors },
      },
    },
    async (request) => listWaitingDeskTrades(db, request.params.id),
  );

  app.post(
    '/api/admin/approvals/:id/approve',
    {
      config: { access: 'approvals.decide' },
      schema: {
        tags: ['approvals'],
        summary:
          'Approve a waiting request with a reason: the adjustment, withdrawal approval, change of the deposit addresses or of the four-eyes threshold is carried out; a desk trade is proposed to its customer',
        description:
          'Locks the request, carries the original action out in the same transaction (re-checked now: the ' +
          "reason the customer reads, an adjustment's or a desk booking's, is screened again, 422 PAYMENT_DEMAND " +
          'for one asking the customer to pay, and the request keeps waiting; a debit ' +
          'cannot take the balance below zero, 422 INSUFFICIENT_FUNDS; the withdrawal must still be pending, ' +
          '409; the deposit addresses or the threshold must still be those the change was asked against, 409 ' +
          'CONFLICT; a desk booking passes its checks again by the clock of now, its open within the booking ' +
          'window, 400 otherwise) and marks ' +
          `it approved. ${WHO_DECIDES} Accepts an Idempotency-Key: a retry moves the money once.`,
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: DecideApprovalRequestSchema,
        response: { 200: ApprovalSchema, ...decisionErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.runMoneyRequest(request, ApprovalSchema, ({ tx, now, outbox }) =>
        approveApproval({
          tx,
          actor,
          now,
          outbox,
          market,
          id: request.params.id,
          reason: request.body.reason,
        }),
      );
    },
  );

  app.post(
    '/api/admin/approvals/:id/reject',
    {
      config: { access: 'approvals.decide' },
      schema: {
        tags: ['approvals'],
        summary: 'Reject a waiting request with a reason: nothing moves',
        description: `A rejected withdrawal approval leaves the withdrawal pending. ${WHO_DECIDES} Accepts an Idempotency-Key.`,
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: DecideApprovalRequestSchema,
        response: { 200: ApprovalSchema, ...decisionErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.runMoneyRequest(request, ApprovalSchema, ({ tx, now }) =>
        rejectApproval({ tx, actor, now, id: request.params.id, reason: request.body.reason }),
      );
    },
  );

  app.post(
    '/api/admin/approvals/:id/cancel',
    {
      config: { access: 'approvals.decide' },
      schema: {
        tags: ['approvals'],
        summary: 'Cancel your own waiting request with a reason: nothing moves',
        description:
          'Only its maker cancels a request (403 FORBIDDEN for anyone else, who rejects it instead); a ' +
          'cancelled withdrawal approval leaves the withdrawal pending. A request already decided, expired ' +
          'or cancelled: 409. Accepts an Idempotency-Key.',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: DecideApprovalRequestSchema,
        response: { 200: ApprovalSchema, ...decisionErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.runMoneyRequest(request, ApprovalSchema, ({ tx, now }) =>
        cancelApproval({ tx, actor, now, id: request.params.id, reason: request.body.reason }),
      );
    },
  );
};

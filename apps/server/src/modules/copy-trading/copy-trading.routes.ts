import {
  AdminStrategyProviderListSchema,
  AdminStrategyProviderSchema,
  CopyActionResponseSchema,
  CreateStrategyProviderRequestSchema,
  MyCopyRelationsSchema,
  MyProviderInvitationSchema,
  RemoveStrategyProviderRequestSchema,
  SkippedCopyListQuerySchema,
  SkippedCopyPageSchema,
  StartCopyingRequestSchema,
  StrategyProviderDetailSchema,
  StrategyProviderListSchema,
  TraderImageUploadSchema,
  UpdateStrategyProviderRequestSchema,
} from '@candor/contracts/copy-trading';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import { z } from 'zod';
import { requireActiveActor, requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { readUploadedFile } from '../storage/read-upload.ts';
import { registerCopyJobs } from './copy-jobs.ts';
import { cancelCopying, listMyRelations, startCopying } from './copy-relations.service.ts';
import { registerCopyStopLossJob } from './copy-stop-loss.ts';
import {
  answerInvitation,
  createStrategyProvider,
  listAdminProviders,
  listProviderCards,
  readMyInvitation,
  readProviderDetail,
  removeStrategyProvider,
  updateStrategyProvider,
  uploadTraderImage,
} from './copy-trading.service.ts';
import { listOwnSkippedCopies } from './skipped-copies.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const changeErrors = {
  ...errors,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  422: ErrorResponseSchema,
};
const IdParamsSchema = z.object({ id: z.string().max(64) });

export const copyTradingRoutes: RoutesPlugin<
  'db' | 'storage' | 'transactions' | 'clock' | 'market' | 'jobs' | 'mailer'
> = async (app, { db, storage, transactions, clock, market, jobs, mailer }) => {
  // Copies of the providers' trades are opened and closed by durable jobs (copy-jobs.ts).
  registerCopyJobs(jobs, { market, mailer, clock });
  registerCopyStopLossJob(jobs, { market, mailer, clock });

  // ---------- staff ----------

  app.get(
    '/api/admin/strategy-providers',
    {
      config: { access: 'copytrading.manage' },
      schema: {
        tags: ['copy-trading'],
        summary: 'Every strategy provider (invited, active, declined, removed) with its followers',
        response: { 200: AdminStrategyProviderListSchema, ...errors },
      },
    },
    async () => listAdminProviders(db),
  );

  app.post(
    '/api/admin/strategy-providers/images',
    {
      config: { access: 'copytrading.manage', rateLimit: 'upload' },
      schema: {
        tags: ['copy-trading'],
        summary:
          'Upload a trader\'s profile image (PNG, JPEG or WebP; multipart field "file"), then name it in ADD TRADER',
        response: {
          200: TraderImageUploadSchema,
          ...errors,
          413: ErrorResponseSchema,
          415: ErrorResponseSchema,
        },
      },
    },
    async (request) => uploadTraderImage(db, storage, await readUploadedFile(request)),
  );

  app.post(
    '/api/admin/strategy-providers',
    {
      config: { access: 'copytrading.manage' },
      schema: {
        tags: ['copy-trading'],
        summary:
          'ADD TRADER: make an active customer account (by e-mail) a strategy provider; invited until the customer accepts',
        body: CreateStrategyProviderRequestSchema,
        response: { 200: AdminStrategyProviderSchema, ...changeErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.run((context) =>
        createStrategyProvider({ ...context, actor, input: request.body }),
      );
    },
  );

  app.put(
    '/api/admin/strategy-providers/:id',
    {
      config: { access: 'copytrading.manage' },
      schema: {
        tags: ['copy-trading'],
        summary:
          "Change a provider's minimum balance and profit share (a new rate applies to new followers only)",
        params: IdParamsSchema,
        body: UpdateStrategyProviderRequestSchema,
        response: { 200: AdminStrategyProviderSchema, ...changeErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.run(({ tx, now }) =>
        updateStrategyProvider({ tx, now, actor, id: request.params.id, input: request.body }),
      );
    },
  );

  app.delete(
    '/api/admin/strategy-providers/:id',
    {
      config: { access: 'copytrading.manage' },
      schema: {
        tags: ['copy-trading'],
        summary: 'Delete trader (with a reason): every copy stops and every follower is told',
        params: IdParamsSchema,
        body: RemoveStrategyProviderRequestSchema,
        response: { 200: AdminStrategyProviderSchema, ...changeErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.run((context) =>
        removeStrategyProvider({ ...context, actor, id: request.params.id, reason: request.body.reason }),
      );
    },
  );

  // ---------- customers ----------

  app.get(
    '/api/strategy-providers',
    {
      config: { access: 'client' },
      schema: {
        tags: ['copy-trading'],
        summary: 'Trader cards: active providers with their real followers and whether you copy them',
        response: { 200: StrategyProviderListSchema, ...errors },
      },
    },
    async (request) => listProviderCards(db, market, requireActor(request), clock()),
  );

  app.get(
    '/api/strategy-providers/invitation',
    {
      config: { access: 'client' },
      schema: {
        tags: ['copy-trading'],
        summary: 'Your own strategy provider record (an invitation to accept or decline), if any',
        response: { 200: MyProviderInvitationSchema, ...errors },
      },
    },
    async (request) => readMyInvitation(db, requireActor(request).id),
  );

  for (const [path, accept] of [
    ['/api/strategy-providers/invitation/accept', true],
    ['/api/strategy-providers/invitation/decline', false],
  ] as const) {
    app.post(
      path,
      {
        config: { access: 'client' },
        schema: {
          tags: ['copy-trading'],
          summary: accept
            ? 'Accept being a strategy provider: others can copy you from now on'
            : 'Decline being a strategy provider: nobody can copy you',
          response: { 200: MyProviderInvitationSchema, ...errors, 404: ErrorResponseSchema },
        },
      },
      async (request) => {
        const actor = accept ? requireActiveActor(request) : requireActor(request);
        return transactions.run(({ tx, now }) => answerInvitation({ tx, now, actor, accept }));
      },
    );
  }

  app.get(
    '/api/strategy-providers/:id',
    {
      config: { access: 'client' },
      schema: {
        tags: ['copy-trading'],
        summary:
          "A provider's page: card, account age, followers and their 7-day trend, and statistics computed from its ledger and trades",
        params: IdParamsSchema,
        response: { 200: StrategyProviderDetailSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request) => readProviderDetail(db, market, requireActor(request), request.params.id, clock()),
  );

  app.post(
    '/api/strategy-providers/:id/copy',
    {
      config: { access: 'client' },
      schema: {
        tags: ['copy-trading'],
        summary:
          'Copy a provider: needs a total balance of at least its minimum (not deducted); keeps the current profit share rate',
        params: IdParamsSchema,
        body: StartCopyingRequestSchema,
        response: { 200: CopyActionResponseSchema, ...changeErrors },
      },
    },
    async (request) => {
      const actor = requireActiveActor(request);
      return transactions.run(({ tx, now }) =>
        startCopying({ tx, now, actor, providerId: request.params.id, input: request.body }),
      );
    },
  );

  app.post(
    '/api/strategy-providers/:id/cancel',
    {
      config: { access: 'client' },
      schema: {
        tags: ['copy-trading'],
        summary: 'Stop copying a provider: no new copies; copied trades that are open stay open',
        params: IdParamsSchema,
        response: { 200: CopyActionResponseSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.run(({ tx, now }) =>
        cancelCopying({ tx, now, actor, market, providerId: request.params.id }),
      );
    },
  );

  app.get(
    '/api/copy-relations/mine',
    {
      config: { access: 'client' },
      schema: {
        tags: ['copy-trading'],
        summary: 'The providers you copy and copied, with the rate, copy stop-loss, start and end',
        response: { 200: MyCopyRelationsSchema, ...errors },
      },
    },
    async (request) => listMyRelations(db, market, requireActor(request).id),
  );

  app.get(
    '/api/skipped-copies',
    {
      config: { access: 'client' },
      schema: {
        tags: ['copy-trading'],
        summary:
          "Your providers' trades that were not copied to your account, and why, newest first (10 a page)",
        description: "Only the signed-in account's own skipped copies (staff see their own, which is none).",
        querystring: SkippedCopyListQuerySchema,
        response: { 200: SkippedCopyPageSchema, ...errors },
      },
    },
    async (request) => listOwnSkippedCopies(db, requireActor(request).id, request.query),
  );
};

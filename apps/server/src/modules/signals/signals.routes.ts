import { ErrorResponseSchema } from '@candor/contracts/errors';
import {
  CreateSignalAlertRequestSchema,
  SaveSignalInstrumentsRequestSchema,
  SignalAlertListSchema,
  SignalAlertSchema,
  SignalInstrumentsSchema,
  SignalListQuerySchema,
  SignalListSchema,
} from '@candor/contracts/signals';
import { z } from 'zod';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import {
  createSignalAlert,
  deleteSignalAlert,
  listSignalAlerts,
  listSignals,
  saveSignalInstruments,
} from './signals.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const IdParamsSchema = z.object({ id: z.uuid() });

export const signalsRoutes: RoutesPlugin<
  'db' | 'market' | 'clock' | 'transactions' | 'signalRatings'
> = async (app, { db, market, clock, transactions, signalRatings }) => {
  app.get(
    '/api/signals',
    {
      config: { access: 'client' },
      schema: {
        tags: ['signals'],
        summary: "Computed ratings of the signal plan's instruments on one of its intervals (closed candles)",
        querystring: SignalListQuerySchema,
        response: { 200: SignalListSchema, ...errors },
      },
    },
    async (request) =>
      listSignals(
        { db, market, ratings: signalRatings },
        requireActor(request).id,
        request.query.interval,
        clock(),
      ),
  );

  app.put(
    '/api/signals/instruments',
    {
      config: { access: 'client' },
      schema: {
        tags: ['signals'],
        summary:
          "The instruments of the customer's signals list (at most the plan's count; empty = the default list)",
        body: SaveSignalInstrumentsRequestSchema,
        response: { 200: SignalInstrumentsSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.run(({ tx, now }) =>
        saveSignalInstruments({ tx, market }, actor.id, request.body.symbols, now),
      );
    },
  );

  app.get(
    '/api/signal-alerts',
    {
      config: { access: 'client' },
      schema: {
        tags: ['signals'],
        summary: "The customer's rating alerts and whether they run",
        response: { 200: SignalAlertListSchema, ...errors },
      },
    },
    async (request) => listSignalAlerts({ db, market }, requireActor(request).id, clock()),
  );

  app.post(
    '/api/signal-alerts',
    {
      config: { access: 'client' },
      schema: {
        tags: ['signals'],
        summary: 'A rating alert: told in the app and by e-mail when the rating crosses the threshold',
        body: CreateSignalAlertRequestSchema,
        response: { 200: SignalAlertSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.run(({ tx, now }) =>
        createSignalAlert({ tx, market }, actor.id, request.body, now),
      );
    },
  );

  app.delete(
    '/api/signal-alerts/:id',
    {
      config: { access: 'client' },
      schema: {
        tags: ['signals'],
        summary: "Deletes one of the customer's rating alerts",
        params: IdParamsSchema,
        response: { 204: z.null(), 404: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      await transactions.run(({ tx }) => deleteSignalAlert(tx, actor.id, request.params.id));
      return reply.status(204).send(null);
    },
  );
};

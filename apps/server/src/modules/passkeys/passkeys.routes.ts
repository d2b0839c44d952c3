import { SignInResponseSchema } from '@candor/contracts/auth';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import {
  AddPasskeyRequestSchema,
  PasskeyIdParamsSchema,
  PasskeyListSchema,
  PasskeyOptionsSchema,
  PasskeySchema,
  PasskeySignInRequestSchema,
} from '@candor/contracts/passkeys';
import { z } from 'zod';
import { authHeaders, sendAuthCookies } from '../../lib/auth-calls.ts';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { readKnownBrowserToken } from '../session/known-browsers.ts';
import { createSignInSite } from '../session/sign-in-site.ts';
import { listPasskeys } from './passkeys.repository.ts';
import {
  addPasskey,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  removePasskey,
  signInWithPasskey,
} from './passkeys.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/**
 * Passkeys: the customer's own on /account (adding one needs a session), and signing in with one
 * (public). better-auth's own endpoints are not exposed; these routes call them (plugins/auth.ts).
 */
export const passkeysRoutes: RoutesPlugin<
  'db' | 'auth' | 'clock' | 'mailer' | 'env' | 'transactions'
> = async (app, { db, auth, clock, mailer, env, transactions }) => {
  const site = createSignInSite({ db, mailer, env, log: app.log });
  app.get(
    '/api/account/passkeys',
    {
      config: { access: 'client' },
      schema: {
        tags: ['account'],
        summary: 'Your passkeys, newest first',
        response: { 200: PasskeyListSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => ({ items: await listPasskeys(db, requireActor(request).id) }),
  );

  app.post(
    '/api/account/passkeys/options',
    {
      config: { access: 'client' },
      schema: {
        tags: ['account'],
        summary: "Step 1 of adding a passkey: the options for the browser's passkey dialog",
        response: { 200: PasskeyOptionsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { value, cookies } = await passkeyRegistrationOptions(
        auth,
        authHeaders(request, { withCookies: true }),
      );
      sendAuthCookies(reply, cookies);
      return value;
    },
  );

  app.post(
    '/api/account/passkeys',
    {
      config: { access: 'client' },
      schema: {
        tags: ['account'],
        summary: "Step 2 of adding a passkey: the browser's answer and the passkey's name",
        body: AddPasskeyRequestSchema,
        response: { 201: PasskeySchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      // The passkey (better-auth's write), its security event and the owner's e-mail: one transaction.
      const passkey = await transactions.run(({ tx, now, outbox }) =>
        addPasskey({
          tx,
          actor,
          now,
          outbox,
          auth,
          input: request.body,
          headers: authHeaders(request, { withCookies: true }),
          ipAddress: request.ip,
        }),
      );
      return reply.status(201).send(passkey);
    },
  );

  app.delete(
    '/api/account/passkeys/:passkeyId',
    {
      config: { access: 'client' },
      schema: {
        tags: ['account'],
        summary: 'Delete one of your passkeys (it no longer signs you in)',
        params: PasskeyIdParamsSchema,
        response: {
          204: z.null().describe('Passkey deleted'),
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      await transactions.run(({ tx, now }) =>
        removePasskey({ tx, actor, now, passkeyId: request.params.passkeyId, ipAddress: request.ip }),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/session/passkey/options',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: "Step 1 of signing in with a passkey: the options for the browser's passkey dialog",
        response: { 200: PasskeyOptionsSchema },
      },
    },
    async (request, reply) => {
      // Without the session cookie: the dialog offers every passkey of this site, not a signed-in user's.
      const { value, cookies } = await passkeySignInOptions(
        auth,
        authHeaders(request, { withCookies: false }),
      );
      sendAuthCookies(reply, cookies);
      return value;
    },
  );

  app.post(
    '/api/session/passkey',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: "Step 2 of signing in with a passkey: the browser's answer; sets the session cookie",
        body: PasskeySignInRequestSchema,
        response: { 200: SignInResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, cookies } = await signInWithPasskey({
        db,
        auth,
        site,
        credential: request.body.credential,
        client: {
          ip: request.ip,
          headers: authHeaders(request, { withCookies: true }),
          knownBrowserToken: readKnownBrowserToken(request.headers.cookie),
        },
        now: clock(),
      });
      sendAuthCookies(reply, cookies);
      return { user };
    },
  );
};

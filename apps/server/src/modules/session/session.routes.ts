import {
  MeSchema,
  SessionResponseSchema,
  SignInRequestSchema,
  SignInResponseSchema,
} from '@candor/contracts/auth';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import { SignInSecondFactorRequestSchema } from '@candor/contracts/two-factor';
import { z } from 'zod';
import { authHeaders, sendAuthCookies } from '../../lib/auth-calls.ts';
import type { RoutesPlugin } from '../../services.ts';
import { findMe } from '../me/me.service.ts';
import { readKnownBrowserToken } from './known-browsers.ts';
import { createLoginThrottle } from './login-throttle.ts';
import { signIn, signOut } from './session.service.ts';
import { createSignInSite } from './sign-in-site.ts';
import { completeTwoFactorSignIn } from './two-factor-sign-in.ts';

export const sessionRoutes: RoutesPlugin<'db' | 'auth' | 'clock' | 'mailer' | 'env'> = async (
  app,
  { db, auth, clock, mailer, env },
) => {
  const throttle = createLoginThrottle(db, clock);
  const site = createSignInSite({ db, mailer, env, log: app.log });

  app.post(
    '/api/session',
    {
      config: { access: 'public', rateLimit: 'sign-in' },
      schema: {
        tags: ['session'],
        summary: 'Sign in with e-mail and password; sets the HTTP-only session cookie',
        description:
          'Failed sign-ins are throttled per address (429) and slow an account down (429 with Retry-After), except from a browser that signed in to it before or with the e-mailed `unlockToken`.',
        body: SignInRequestSchema,
        response: {
          200: SignInResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { cookies, ...answer } = await signIn({
        db,
        auth,
        throttle,
        site,
        input: request.body,
        client: {
          ip: request.ip,
          headers: authHeaders(request, { withCookies: false }),
          knownBrowserToken: readKnownBrowserToken(request.headers.cookie),
        },
        now: clock(),
      });
      sendAuthCookies(reply, cookies);
      return answer;
    },
  );

  app.post(
    '/api/session/two-factor',
    {
      config: { access: 'public', rateLimit: 'sign-in' },
      schema: {
        tags: ['session'],
        summary: 'Second step of a sign-in with two-factor on: the 6-digit code or a recovery code',
        description:
          'Completes the challenge that POST /api/session answered with twoFactorRequired (its cookie, ' +
          'valid 10 minutes); sets the session cookie. A recovery code works once.',
        body: SignInSecondFactorRequestSchema,
        response: {
          200: z.object({ user: MeSchema }),
          400: ErrorResponseSchema,
          403: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { user, cookies } = await completeTwoFactorSignIn({
        db,
        auth,
        throttle,
        site,
        code: request.body.code,
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

  app.get(
    '/api/session',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: 'The signed-in user, or null when signed out',
        response: { 200: SessionResponseSchema },
      },
    },
    async (request) => {
      const user = request.actor ? await findMe(db, request.actor.id) : undefined;
      return { user: user ?? null };
    },
  );

  app.delete(
    '/api/session',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Sign out: ends the session and clears its cookies',
        response: { 204: z.null().describe('Signed out') },
      },
    },
    async (request, reply) => {
      sendAuthCookies(reply, await signOut(auth, authHeaders(request, { withCookies: true })));
      return reply.status(204).send(null);
    },
  );
};

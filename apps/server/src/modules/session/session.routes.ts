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
import { createLoginThrottle } from './login-throttle.ts';
import { signIn, signOut } from './session.service.ts';
import { completeTwoFactorSignIn } from './two-factor-sign-in.ts';

export const sessionRoutes: RoutesPlugin<'db' | 'auth' | 'clock'> = async (app, { db, auth, clock }) => {
  const throttle = createLoginThrottle(db, clock);

  app.post(
    '/api/session',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Sign in with e-mail and password; sets the HTTP-only session cookie',
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
        input: request.body,
        client: { ip: request.ip, headers: authHeaders(request, { withCookies: false }) },
        now: clock(),
      });
      sendAuthCookies(reply, cookies);
      return answer;
    },
  );

  app.post(
    '/api/session/two-factor',
    {
      config: { access: 'public' },
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
        code: request.body.code,
        client: { ip: request.ip, headers: authHeaders(request, { withCookies: true }) },
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

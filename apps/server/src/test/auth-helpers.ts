import { randomUUID } from 'node:crypto';
import type { SignUpRequest } from '@candor/contracts/auth';
import { and, desc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { signIn } from './factories.ts';
import { Browser } from './test-app.ts';

/** A sign-up form (POST /api/users body) with a unique username and e-mail; nothing is written. */
export function buildSignUp(overrides: Partial<SignUpRequest> = {}): SignUpRequest {
  const unique = randomUUID().replaceAll('-', '').slice(0, 12);
  return {
    username: `user_${unique}`,
    fullname: `Test User ${unique}`,
    email: `user-${unique}@example.com`,
    password: 'correct-horse-battery',
    ...overrides,
  };
}

/** Signs a new user up through POST /api/users. */
export async function signUpUser(
  app: FastifyInstance,
  overrides: Partial<SignUpRequest> = {},
): Promise<SignUpRequest & { id: string }> {
  const user = buildSignUp(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/users', payload: user });
  expect(res.statusCode, res.body).toBe(201);
  return { ...user, id: res.json<{ id: string }>().id };
}

/** A browser signed in as the user through POST /api/session. */
export async function signedInBrowser(
  app: FastifyInstance,
  user: Pick<SignUpRequest, 'email' | 'password'> & { twoFactorSecret?: string | null },
): Promise<Browser> {
  const browser = new Browser(app);
  await signIn(browser, user.email, user.password, user.twoFactorSecret);
  return browser;
}

/** The newest outbox mail to an address whose subject contains `subject`. */
export async function findLastMail(db: Db, to: string, subject: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), like(mailOutbox.subject, `%${subject}%`)))
    .orderBy(desc(mailOutbox.createdAt));
  return mail;
}

/** The token of the link in a mail's text, checking the link goes to `path` on the public site. */
export function tokenFromLink(text: string, path: string): string {
  const match = text.match(/(https?:\/\/\S+?)\?token=([^\s&]+)/);
  if (!match?.[1] || !match[2]) throw new Error(`No link with a token in: ${text}`);
  expect(new URL(match[1]).pathname).toBe(path);
  return decodeURIComponent(match[2]);
}

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Mailer } from '../mail/mailer.ts';
import { readSiteName } from '../settings/settings.service.ts';
import type { SignInSite } from './session.service.ts';

/** What every way of signing in (password, passkey, second factor) needs of the site. */
export function createSignInSite({
  db,
  mailer,
  env,
  log,
}: {
  db: Db;
  mailer: Mailer;
  env: Env;
  log: FastifyBaseLogger;
}): SignInSite {
  return {
    publicUrl: env.publicUrl,
    mailer,
    siteName: () => readSiteName(db),
    logError: (err, message) => log.error({ err }, message),
  };
}

import type { FastifyInstance } from 'fastify';
import type { Services } from './app.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { profilePictureRoutes } from './modules/account/profile-picture.routes.ts';
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes.ts';
import { depositsRoutes } from './modules/deposits/deposits.routes.ts';
import { emailVerificationsRoutes } from './modules/email-verifications/email-verifications.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { ledgerRoutes } from './modules/ledger/ledger.routes.ts';
import { marketRoutes } from './modules/market/market.routes.ts';
import { meRoutes } from './modules/me/me.routes.ts';
import { outboxRoutes } from './modules/outbox/outbox.routes.ts';
import { passwordResetsRoutes } from './modules/password-resets/password-resets.routes.ts';
import { sessionRoutes } from './modules/session/session.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { filesRoutes } from './modules/storage/files.routes.ts';
import { tradesRoutes } from './modules/trades/trades.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { walletsRoutes } from './modules/wallets/wallets.routes.ts';
import { withdrawalSettingsRoutes } from './modules/withdrawals/withdrawal-settings.routes.ts';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes.ts';

/** Every module's routes, in one place. */
export async function registerModules(app: FastifyInstance, services: Services): Promise<void> {
  await healthRoutes(app, services);
  await usersRoutes(app, services);
  await sessionRoutes(app, services);
  await meRoutes(app, services);
  await passwordResetsRoutes(app, services);
  await emailVerificationsRoutes(app, services);
  await accountRoutes(app, services);
  await filesRoutes(app, services);
  await profilePictureRoutes(app, services);
  await settingsRoutes(app, services);
  await walletsRoutes(app, services);
  await outboxRoutes(app, services);
  await marketRoutes(app, services);
  await ledgerRoutes(app, services);
  await adminUsersRoutes(app, services);
  await depositsRoutes(app, services);
  await withdrawalsRoutes(app, services);
  await withdrawalSettingsRoutes(app, services);
  await tradesRoutes(app, services);
}

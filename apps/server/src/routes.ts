import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './modules/account/account.routes.ts';
import { profilePictureRoutes } from './modules/account/profile-picture.routes.ts';
import { accountSecurityRoutes } from './modules/account-security/account-security.routes.ts';
import { accountStatusRoutes } from './modules/admin-users/account-status.routes.ts';
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes.ts';
import { userListRoutes } from './modules/admin-users/user-list.routes.ts';
import { approvalsRoutes } from './modules/approvals/approvals.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { depositsRoutes } from './modules/deposits/deposits.routes.ts';
import { emailVerificationsRoutes } from './modules/email-verifications/email-verifications.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { ledgerRoutes } from './modules/ledger/ledger.routes.ts';
import { loansRoutes } from './modules/loans/loans.routes.ts';
import { marketRoutes } from './modules/market/market.routes.ts';
import { meRoutes } from './modules/me/me.routes.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { outboxRoutes } from './modules/outbox/outbox.routes.ts';
import { passkeysRoutes } from './modules/passkeys/passkeys.routes.ts';
import { passwordResetsRoutes } from './modules/password-resets/password-resets.routes.ts';
import { plansRoutes } from './modules/plans/plans.routes.ts';
import { sessionRoutes } from './modules/session/session.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { setupRoutes } from './modules/setup/setup.routes.ts';
import { signalsRoutes } from './modules/signals/signals.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { filesRoutes } from './modules/storage/files.routes.ts';
import { tradesRoutes } from './modules/trades/trades.routes.ts';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.ts';
import { userActivityRoutes } from './modules/user-activity/user-activity.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { verificationLimitsRoutes } from './modules/verification-limits/verification-limits.routes.ts';
import { verificationsRoutes } from './modules/verifications/verifications.routes.ts';
import { walletsRoutes } from './modules/wallets/wallets.routes.ts';
import { withdrawalSettingsRoutes } from './modules/withdrawals/withdrawal-settings.routes.ts';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes.ts';
import type { Services } from './services.ts';

/**
 * Every module's routes, in one place. Each is a plugin typed with the services it uses: it is
 * handed them all and its type lets it reach only those.
 */
export async function registerModules(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(healthRoutes, services);
  await app.register(usersRoutes, services);
  await app.register(sessionRoutes, services);
  await app.register(meRoutes, services);
  await app.register(verificationLimitsRoutes, services);
  await app.register(passwordResetsRoutes, services);
  await app.register(emailVerificationsRoutes, services);
  await app.register(accountRoutes, services);
  await app.register(twoFactorRoutes, services);
  await app.register(filesRoutes, services);
  await app.register(profilePictureRoutes, services);
  await app.register(settingsRoutes, services);
  await app.register(walletsRoutes, services);
  await app.register(outboxRoutes, services);
  await app.register(messagesRoutes, services);
  await app.register(marketRoutes, services);
  await app.register(ledgerRoutes, services);
  await app.register(adminUsersRoutes, services);
  await app.register(accountStatusRoutes, services);
  await app.register(userListRoutes, services);
  await app.register(userActivityRoutes, services);
  await app.register(passkeysRoutes, services);
  await app.register(depositsRoutes, services);
  await app.register(withdrawalsRoutes, services);
  await app.register(withdrawalSettingsRoutes, services);
  await app.register(approvalsRoutes, services);
  await app.register(tradesRoutes, services);
  await app.register(auditRoutes, services);
  await app.register(staffRoutes, services);
  await app.register(setupRoutes, services);
  await app.register(accountSecurityRoutes, services);
  await app.register(verificationsRoutes, services);
  await app.register(plansRoutes, services);
  await app.register(signalsRoutes, services);
  await app.register(loansRoutes, services);
}

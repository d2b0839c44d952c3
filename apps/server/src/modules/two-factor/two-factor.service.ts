import {
  type RecoveryCodes,
  TWO_FACTOR_MESSAGES,
  type TwoFactorChange,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@candor/contracts/two-factor';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { authErrorCode } from '../../lib/auth-calls.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Command, Outbox } from '../../lib/transactions.ts';
import type { Auth } from '../../plugins/auth.ts';
import { startWithdrawalWait } from '../account-security/account-security.service.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { readSiteName } from '../settings/settings.service.ts';
import { isTwoFactorEnabled, selectTwoFactorHistory } from './two-factor.repository.ts';
import { assertSecondFactorCode } from './two-factor-code.ts';

/** better-auth's two-factor and password error codes, as the API answers them. */
function toAppError(error: unknown): unknown {
  switch (authErrorCode(error)) {
    case 'INVALID_PASSWORD':
      return new AppError('WRONG_PASSWORD', TWO_FACTOR_MESSAGES.wrongPassword);
    case 'TOTP_ALREADY_ENABLED':
      return new AppError('TWO_FACTOR_ALREADY_ENABLED', TWO_FACTOR_MESSAGES.alreadyEnabled);
    case 'TWO_FACTOR_NOT_ENABLED':
    case 'TOTP_NOT_ENABLED':
      return new AppError('TWO_FACTOR_NOT_ENABLED', TWO_FACTOR_MESSAGES.notEnabled);
    case 'INVALID_CODE':
      return new AppError('INVALID_TWO_FACTOR_CODE', TWO_FACTOR_MESSAGES.invalidCode);
    default:
      return error;
  }
}

async function callAuth<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toAppError(error);
  }
}

/** The base32 secret of an otpauth:// URI, for typing into an authenticator app by hand. */
export function secretOfTotpUri(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error('better-auth answered a TOTP URI without a secret');
  return secret;
}

type AuthCall = { db: Db; auth: Auth; actor: Actor; headers: Headers };

/**
 * Step 1 of turning two-factor on: checks the password and makes a new secret (stored encrypted,
 * unconfirmed). Nothing changes for sign-in until a code confirms it. Starting again replaces an
 * unconfirmed secret.
 */
export async function startTwoFactorSetup({
  db,
  auth,
  actor,
  headers,
  password,
}: AuthCall & { password: string }): Promise<TwoFactorSetup> {
  if (await isTwoFactorEnabled(db, actor.id)) {
    throw new AppError('TWO_FACTOR_ALREADY_ENABLED', TWO_FACTOR_MESSAGES.alreadyEnabled);
  }
  const issuer = await readSiteName(db);
  const result = await callAuth(() =>
    auth.api.enableTwoFactor({ body: { password, method: 'totp', issuer }, headers }),
  );
  if (!('totpURI' in result) || !result.totpURI) throw new Error('better-auth answered no TOTP URI');
  // The recovery codes made here are shown once the first code confirms the app (confirmTwoFactorSetup).
  return { totpUri: result.totpURI, secret: secretOfTotpUri(result.totpURI) };
}

/**
 * Step 2: the first code from the app turns two-factor on (better-auth replaces the session: the
 * returned cookies carry the new one) and the recovery codes are answered, this once.
 */
export async function confirmTwoFactorSetup({
  db,
  auth,
  actor,
  headers,
  code,
}: AuthCall & { code: string }): Promise<RecoveryCodes & { cookies: string[] }> {
  // Once on, this step must not hand out the recovery codes again (regenerating needs the password).
  if (await isTwoFactorEnabled(db, actor.id)) {
    throw new AppError('TWO_FACTOR_ALREADY_ENABLED', TWO_FACTOR_MESSAGES.alreadyEnabled);
  }
  const verified = await callAuth(() =>
    auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true }),
  );
  const codes = await auth.api.viewBackupCodes({ body: { userId: actor.id } });
  return { recoveryCodes: codes.backupCodes, cookies: verified.headers.getSetCookie() };
}

/** New recovery codes (the old ones stop working); needs the password. */
export async function regenerateRecoveryCodes({
  auth,
  headers,
  password,
}: Omit<AuthCall, 'db' | 'actor'> & { password: string }): Promise<RecoveryCodes> {
  const result = await callAuth(() => auth.api.generateBackupCodes({ body: { password }, headers }));
  return { recoveryCodes: result.backupCodes };
}

/**
 * Turns two-factor off: needs a current 6-digit code (checked first, throttled) and the password.
 * better-auth deletes the secret and replaces the session: the returned cookies carry the new one.
 */
export async function disableTwoFactor({
  db,
  auth,
  clock,
  actor,
  headers,
  password,
  code,
}: AuthCall & { clock: Clock; password: string; code: string }): Promise<string[]> {
  if (!(await isTwoFactorEnabled(db, actor.id))) {
    throw new AppError('TWO_FACTOR_NOT_ENABLED', TWO_FACTOR_MESSAGES.notEnabled);
  }
  await assertSecondFactorCode({ db, auth, clock, userId: actor.id, code });
  const result = await callAuth(() =>
    auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true }),
  );
  return result.headers.getSetCookie();
}

/** On or off, and the account's latest two-factor changes: its security history on /account. */
export async function readTwoFactorStatus(db: Db, userId: string): Promise<TwoFactorStatus> {
  const [enabled, history] = await Promise.all([
    isTwoFactorEnabled(db, userId),
    selectTwoFactorHistory(db, userId, TWO_FACTOR_HISTORY),
  ]);
  return { enabled, history: history.map(({ change, at }) => ({ change, at: at.toISOString() })) };
}

const TWO_FACTOR_HISTORY = 10;

/**
 * Records a change of the account's two-factor (on, off, new recovery codes) in the audit log,
 * for staff and customers alike: staff see it on the customer's page, and a staff member's own
 * change is audited as every staff action is. Runs in its own transaction after better-auth made
 * the change.
 */
export async function recordTwoFactorChange({
  tx,
  actor,
  now,
  outbox,
  change,
}: Command<{ outbox: Outbox; change: TwoFactorChange }>): Promise<void> {
  // Turning two-factor off starts the 24-hour withdrawal wait, and the owner is told by e-mail: it
  // is what someone who took over the account would do. Turning it on only adds a check (whoever
  // could turn it on could already withdraw without it), and new recovery codes need a signed-in
  // second factor (decision 023).
  if (change === 'disable') {
    const { notice } = await startWithdrawalWait(tx, {
      userId: actor.id,
      cause: 'two_factor_change',
      now,
    });
    if (notice) outbox.send(notice);
  }
  await recordAudit(tx, {
    actor,
    action: `two_factor.${change}`,
    targetType: 'user',
    targetId: actor.id,
    after: change === 'recovery_codes' ? undefined : { twoFactorEnabled: change === 'enable' },
  });
}

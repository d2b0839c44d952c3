import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type CreateOwnerRequest, SETUP_MESSAGES } from '@candor/contracts/setup';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Auth } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { requireStrongStaffPassword } from '../staff/staff-password.ts';
import { hasStaff, makeVerifiedStaff } from '../users/users.repository.ts';
import { signUp } from '../users/users.service.ts';
import { whileMakingVerifiedAccount } from '../users/verified-at-once.ts';
import {
  consumeSetupTokenHash,
  deleteSetupToken,
  findSetupTokenHash,
  restoreSetupTokenHash,
  storeSetupTokenHash,
} from './setup.repository.ts';

/** Who the audit log names for the owner made in the browser: the installation's first-run setup. */
export const SETUP_ACTOR: Actor = { id: 'setup', role: 'system' };

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const invalidLink = () => new AppError('INVALID_TOKEN', SETUP_MESSAGES.invalidLink);

/**
 * On a fresh installation (no staff account), a new one-time setup token: random, kept only as its
 * hash, valid until used (a restart issues a new one and the old link stops working). Answers
 * undefined, and forgets any token, once a staff account exists.
 */
export async function issueSetupToken(db: Db): Promise<string | undefined> {
  if (await hasStaff(db)) {
    await deleteSetupToken(db);
    return undefined;
  }
  const token = randomBytes(32).toString('base64url');
  await storeSetupTokenHash(db, hashToken(token));
  return token;
}

/** Whether the setup link still works: its token is the current one and nobody is on the staff yet. */
export async function isSetupTokenValid(db: Db, token: string): Promise<boolean> {
  const stored = await findSetupTokenHash(db);
  if (!stored) return false;
  const given = Buffer.from(hashToken(token), 'hex');
  const expected = Buffer.from(stored, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return !(await hasStaff(db));
}

/**
 * Creates the owner account from the setup page. The token is consumed first (a DELETE only one of
 * two racing requests wins), then the account is signed up as any other (better-auth hashes the
 * password), verified and made owner, audited as the setup. A sign-up that fails (e-mail or
 * username taken) gives the token back, so the page can be corrected and sent again.
 */
export async function createOwner({
  db,
  auth,
  input,
  headers,
  now,
}: {
  db: Db;
  auth: Auth;
  input: CreateOwnerRequest;
  headers: Headers;
  now: Date;
}): Promise<{ id: string }> {
  const { token, ...signUpInput } = input;
  const hash = hashToken(token);
  if (await hasStaff(db)) throw invalidLink();
  // The password is checked before the token is used: a refused one leaves the link working.
  if (!(await isSetupTokenValid(db, token))) throw invalidLink();
  await requireStrongStaffPassword(db, signUpInput.password, {
    email: signUpInput.email,
    username: signUpInput.username,
    name: signUpInput.fullname,
  });
  if (!(await consumeSetupTokenHash(db, hash))) throw invalidLink();
  let id: string;
  try {
    ({ id } = await whileMakingVerifiedAccount(() => signUp({ db, auth, input: signUpInput, headers })));
  } catch (error) {
    await restoreSetupTokenHash(db, hash);
    throw error;
  }
  const email = signUpInput.email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    await makeVerifiedStaff(tx, { email, role: 'owner', now });
    await recordAudit(tx, {
      actor: SETUP_ACTOR,
      action: 'staff.setup_owner',
      targetType: 'user',
      targetId: id,
      before: null,
      after: { name: signUpInput.fullname, email, username: signUpInput.username, role: 'owner' },
    });
  });
  return { id };
}

import type { SignUpRequest, SignUpResponse } from '@candor/contracts/auth';
import { INACTIVE_ACCOUNT_MESSAGE } from '@candor/contracts/errors';
import { STAFF_ACCOUNT_MONEY_MESSAGE } from '@candor/contracts/staff';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { authErrorCode } from '../../lib/auth-calls.ts';
import type { Auth } from '../../plugins/auth.ts';
import {
  findUserByEmail,
  findUserById,
  findUserByUsername,
  lockUser,
  lockUserForShare,
  type UserRow,
} from './users.repository.ts';

/** A user by id; USER_NOT_FOUND "User not found" otherwise. */
export async function requireUser(db: Db, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
  return user;
}

/** `requireUser`, with the row locked for the caller's change (see lockUser). */
export async function requireLockedUser(tx: Db, id: string): Promise<UserRow> {
  const user = await lockUser(tx, id);
  if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
  return user;
}

/**
 * Money reaches and leaves customer accounts only (docs/decisions/062): a staff account (any role but
 * 'client'), whether it asks for the movement itself or is its target, is refused with 403 FORBIDDEN.
 */
export function requireCustomerAccount(account: { role: string }): void {
  if (account.role !== 'client') throw staffAccountMoneyRefusal();
}

/**
 * `requireCustomerAccount` of the role read under the accounts' lock (`selectUserRoles`), not the
 * session's: a role written between the session read and the lock decides. USER_NOT_FOUND when the
 * account is not there.
 */
export function requireCustomerRole(roles: ReadonlyMap<string, string>, id: string): void {
  const role = roles.get(id);
  if (role === undefined) throw new AppError('USER_NOT_FOUND', 'User not found');
  requireCustomerAccount({ role });
}

/** The refusal of a movement of money on a staff account, as a value (the batches of decision 041). */
export function staffAccountMoneyRefusal(): AppError {
  return new AppError('FORBIDDEN', STAFF_ACCOUNT_MONEY_MESSAGE);
}

/**
 * Inside a customer's own money request: their account, share-locked, must still be active (the
 * access hook read the status before the transaction; a suspension or close may have committed since).
 */
export async function requireActiveAccount(tx: Db, id: string): Promise<UserRow> {
  const user = await lockUserForShare(tx, id);
  if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
  if (user.status !== 'active') throw new AppError('ACCOUNT_INACTIVE', INACTIVE_ACCOUNT_MESSAGE);
  return user;
}

const usernameTaken = () => new AppError('USERNAME_TAKEN', 'Username is already taken.');
const emailTaken = () => new AppError('EMAIL_TAKEN', 'An account with this email already exists.');

/**
 * Creates a client account; better-auth hashes the password and e-mails the verification link.
 * The role and status are never taken from the request: better-auth fills their defaults.
 */
export async function signUp({
  db,
  auth,
  input,
  headers,
}: {
  db: Db;
  auth: Auth;
  input: SignUpRequest;
  headers: Headers;
}): Promise<SignUpResponse> {
  const email = input.email.toLowerCase();
  // better-auth answers a duplicate e-mail with a made-up user (autoSignIn is off), so ask first.
  await assertAvailable(db, { email, username: input.username });
  let createdId: string;
  try {
    const { user } = await auth.api.signUpEmail({
      body: { name: input.fullname, email, password: input.password, username: input.username },
      headers,
    });
    createdId = user.id;
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'USERNAME_IS_ALREADY_TAKEN') throw usernameTaken();
    if (code?.startsWith('USER_ALREADY_EXISTS')) throw emailTaken();
    // A concurrent sign-up with the same e-mail or username won the race for the unique index.
    if (code === 'FAILED_TO_CREATE_USER') await assertAvailable(db, { email, username: input.username });
    throw error;
  }
  // The made-up user of a duplicate (a concurrent sign-up) is not in the database.
  if (!(await findUserById(db, createdId))) throw emailTaken();
  return { id: createdId };
}

async function assertAvailable(
  db: Db,
  { email, username }: { email: string; username: string },
): Promise<void> {
  if (await findUserByEmail(db, email)) throw emailTaken();
  if (await findUserByUsername(db, username.toLowerCase())) throw usernameTaken();
}

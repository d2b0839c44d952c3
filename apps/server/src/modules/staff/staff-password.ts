import { isStaffRole, STAFF_ROLES } from '@candor/contracts/staff';
import { STAFF_PASSWORD_MESSAGES } from '@candor/contracts/staff-passwords';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { readSiteName } from '../settings/settings.service.ts';

/**
 * How many guesses a staff password must be worth at least, as a power of ten, by zxcvbn's estimate
 * (which knows common passwords, English words and names, keyboard patterns, dates, repeats, l33t
 * spellings, and the words below). 10^12: months for someone trying argon2id hashes stolen from the
 * database at scale, where zxcvbn's "very unguessable" (score 4, 10^10) would be a day or so
 * (decision 049).
 */
export const STAFF_PASSWORD_MIN_GUESSES_LOG10 = 12;

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * zxcvbn with its common and English dictionaries, loaded on first use: they are over a megabyte,
 * and staff passwords are set rarely (the server's bundle leaves them out, build.mjs).
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([core, common, english]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...english.dictionary },
        graphs: common.adjacencyGraphs,
      }),
  );
  return estimator;
}

/** Words of the back office itself: a password made of them ("Staff-password-1") is guessed early. */
const CONTEXT_WORDS = ['staff', 'admin', 'administrator', ...STAFF_ROLES, 'trading', 'trader', 'broker'];

/**
 * What the person and the site are known by (their name, address, username, the site's name), and
 * the back office's words: zxcvbn counts a password made of them as guessable. Each text is given
 * whole, joined up ("sam_support" as "samsupport") and word by word.
 */
function contextWords(personal: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>(CONTEXT_WORDS);
  for (const text of personal) {
    const lowered = text?.trim().toLowerCase();
    if (!lowered) continue;
    const parts = lowered.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length > 0);
    words.add(lowered);
    words.add(parts.join(''));
    for (const part of parts) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/** Whether a staff member may choose this password (worth the guesses above, their own words counted). */
export async function isStrongStaffPassword(
  password: string,
  personal: readonly (string | null | undefined)[],
): Promise<boolean> {
  const zxcvbn = await loadEstimator();
  return zxcvbn.check(password, contextWords(personal)).guessesLog10 >= STAFF_PASSWORD_MIN_GUESSES_LOG10;
}

/** Who a staff password is for: what they are known by counts against it, with the site's name. */
export type PasswordOwner = { email: string; username?: string | null; name: string };

async function ownWords(db: Db, owner: PasswordOwner): Promise<string[]> {
  return [owner.email, owner.username, owner.name, await readSiteName(db)].filter((word): word is string =>
    Boolean(word),
  );
}

/** `isStrongStaffPassword` for this person, on this site. */
export async function isStrongStaffPasswordOf(
  db: Db,
  password: string,
  owner: PasswordOwner,
): Promise<boolean> {
  return isStrongStaffPassword(password, await ownWords(db, owner));
}

/**
 * Refuses (400 WEAK_PASSWORD, in plain words) a password too easy to guess for a staff account:
 * a new staff member's, the first owner's, and a staff member's new one (changed or reset).
 */
export async function requireStrongStaffPassword(
  db: Db,
  password: string,
  owner: PasswordOwner,
): Promise<void> {
  if (!(await isStrongStaffPasswordOf(db, password, owner))) {
    throw new AppError('WEAK_PASSWORD', STAFF_PASSWORD_MESSAGES.tooWeak);
  }
}

/** `requireStrongStaffPassword` for an account that is staff; a customer's password keeps the seed's rule. */
export async function requireStrongPasswordIfStaff(
  db: Db,
  password: string,
  owner: PasswordOwner & { role: string },
): Promise<void> {
  if (isStaffRole(owner.role)) await requireStrongStaffPassword(db, password, owner);
}

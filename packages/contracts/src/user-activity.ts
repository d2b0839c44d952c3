import { z } from 'zod';
import { staffOnlyText } from './staff-texts.ts';

/** How many recent sign-ins the account page and the admin user page list. */
export const RECENT_SIGN_INS = 10;

/** One successful sign-in: when, from which address and which browser (its User-Agent). */
export const SignInRecordSchema = z
  .object({
    id: z.string(),
    createdAt: z.iso.datetime(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .meta({ id: 'SignInRecord' });
export type SignInRecord = z.infer<typeof SignInRecordSchema>;

/** One session that has not ended or expired. */
export const ActiveSessionSchema = z
  .object({
    id: z.string(),
    createdAt: z.iso.datetime(),
    /** When the session was last extended (better-auth refreshes it at most daily). */
    lastActiveAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    /** The session of the request that asked ("This browser"); always false for staff reading a customer's. */
    current: z.boolean(),
  })
  .meta({ id: 'ActiveSession' });
export type ActiveSession = z.infer<typeof ActiveSessionSchema>;

export const ActiveSessionListSchema = z
  .object({ items: z.array(ActiveSessionSchema) })
  .meta({ id: 'ActiveSessionList' });
export type ActiveSessionList = z.infer<typeof ActiveSessionListSchema>;

/** What the customer sees of their own account's activity on /account. */
export const AccountActivitySchema = z
  .object({
    signIns: z.array(SignInRecordSchema),
    sessions: z.array(ActiveSessionSchema),
  })
  .meta({ id: 'AccountActivity' });
export type AccountActivity = z.infer<typeof AccountActivitySchema>;

export const SessionIdParamsSchema = z.object({ sessionId: z.string().min(1).max(200) });

/** A staff member ending a customer's session(s) may say why (kept in the audit log). */
export const EndSessionsRequestSchema = z
  .object({ reason: staffOnlyText(z.string().trim().max(500)).optional() })
  .meta({ id: 'EndSessionsRequest' });
export type EndSessionsRequest = z.infer<typeof EndSessionsRequestSchema>;

export const EndedSessionsSchema = z.object({ ended: z.number().int() }).meta({ id: 'EndedSessions' });
export type EndedSessions = z.infer<typeof EndedSessionsSchema>;

/** What the screens say about sessions. */
export const SESSION_MESSAGES = {
  ended: 'Session ended',
  allEnded: 'All sessions ended',
  /** Once a person ended every session of theirs but the one they use. */
  othersEnded: 'Signed out of all other sessions',
  notFound: 'Session not found',
} as const;

/**
 * A readable name of the browser and system of a User-Agent ("Chrome on Windows"); the raw string
 * when neither is recognised, "Unknown browser" without one.
 */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 80);
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/iPhone|iPad/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

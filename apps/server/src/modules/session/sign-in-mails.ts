import { describeUserAgent } from '@candor/contracts/user-activity';
import { escapeHtml } from '../mail/escape-html.ts';
import type { Mailer } from '../mail/mailer.ts';

/** The account a sign-in mail is about: it is kept in its Messages (`id`) as well as sent. */
export type MailAccount = { id: string; email: string; name: string };

/** "25 November 2026, 17:07 UTC" */
export function formatSignInTime(at: Date): string {
  const date = at.toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const time = at.toLocaleTimeString('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit' });
  return `${date}, ${time} UTC`;
}

/** Tells the owner that their account was signed in to from a browser it had not seen. */
export async function sendNewBrowserNotice(
  mailer: Mailer,
  {
    account,
    siteName,
    at,
    ip,
    userAgent,
  }: { account: MailAccount; siteName: string; at: Date; ip: string; userAgent: string | null },
): Promise<void> {
  const facts = [
    ['Time', formatSignInTime(at)],
    ['Address', ip || 'unknown'],
    ['Browser', describeUserAgent(userAgent)],
  ] as const;
  const advice =
    'If this was you, there is nothing to do. If it was not, change your password at once and look at your active sessions on your Account page.';
  await mailer.send({
    to: account.email,
    userId: account.id,
    subject: `${siteName}: sign-in from a new browser`,
    text: `Hello ${account.name},\n\nYour account was just signed in to from a browser it had not been used with before.\n\n${facts.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${advice}`,
    html: `<p>Hello ${escapeHtml(account.name)},</p><p>Your account was just signed in to from a browser it had not been used with before.</p><ul>${facts.map(([k, v]) => `<li>${k}: ${escapeHtml(v)}</li>`).join('')}</ul><p>${advice}</p>`,
  });
}

/**
 * Tells the owner that sign-ins to their account are slowed down by failed attempts, with a
 * one-time link that lets them in with their password meanwhile.
 */
export async function sendUnlockLink(
  mailer: Mailer,
  {
    account,
    siteName,
    link,
    validMinutes,
  }: { account: MailAccount; siteName: string; link: string; validMinutes: number },
): Promise<void> {
  const intro =
    'Someone has tried to sign in to your account with a wrong password several times, so sign-ins to it are now slowed down.';
  const use = `If it was you, open this link to sign in with your password at once (it works once, for ${validMinutes} minutes):`;
  const otherwise =
    'If it was not you, your account is still safe as long as nobody knows your password; if you use that password anywhere else, change it.';
  await mailer.send({
    to: account.email,
    userId: account.id,
    subject: `${siteName}: failed sign-ins to your account`,
    text: `Hello ${account.name},\n\n${intro}\n\n${use}\n${link}\n\n${otherwise}`,
    html: `<p>Hello ${escapeHtml(account.name)},</p><p>${intro}</p><p>${use}</p><p><a href="${link}">${link}</a></p><p>${otherwise}</p>`,
  });
}

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import {
  claimDueMail,
  insertMail,
  insertMailsForAddresses,
  type KeptMailRow,
  recordAttempt,
} from './mail.repository.ts';
import { ATTEMPT_LEASE_MS, describeSmtpError, nextRetryAt } from './mail-delivery.ts';

/**
 * An e-mail to send. It is kept in the Messages of the account whose address it goes to; `userId`
 * names the account it is for when the address belongs to none: a changed e-mail's new address, or
 * a customer's notice whose address changed between reading it and recording the message. Every
 * message to a customer names its account, so it never depends on that address still matching
 * (all but a closed account's notice, which has no Messages: account-closed-notice.ts).
 */
export type MailMessage = { to: string; subject: string; text: string; html?: string; userId?: string };

/** What goes to nodemailer (a transport's sendMail). */
export type OutgoingMail = { from: string; to: string; subject: string; text: string; html?: string };
export type SendMail = (mail: OutgoingMail) => Promise<unknown>;

export type Mailer = {
  /**
   * Records the message (the account's copy in Messages and the staff's delivery log), then, with
   * SMTP, tries to send it: a failure is recorded and retried later, never thrown.
   */
  send(message: MailMessage): Promise<void>;
  /** `send` for several messages: recorded in one statement, then, with SMTP, each tried. */
  sendAll(messages: readonly MailMessage[]): Promise<void>;
  /**
   * The first half of `sendAll`, in the caller's transaction: the messages exist exactly when the
   * change that caused them commits. Answers the rows to hand to `deliver` after the commit. Those
   * `forWorker` are recorded in the same statement and, with SMTP, left due for the delivery worker
   * (as `queue` leaves its message): they are not among the rows answered.
   */
  recordAll(
    tx: Db,
    messages: readonly MailMessage[],
    forWorker?: readonly MailMessage[],
  ): Promise<KeptMailRow[]>;
  /** The second half of `sendAll`: with SMTP, tries each recorded message once (never throws). */
  deliver(rows: readonly KeptMailRow[]): Promise<void>;
  /**
   * Records a message to an account inside the caller's transaction (so it exists exactly when the
   * change that caused it commits): kept in Messages, and with SMTP left due for the delivery worker
   * (`retryDue`) to send. For work that must not wait on SMTP or on another connection (jobs).
   */
  queue(tx: Db, message: MailMessage & { userId: string }): Promise<void>;
  /** Tries again every failed delivery that is due; answers how many were tried. */
  retryDue(): Promise<number>;
  transport: 'smtp' | 'outbox';
};

/** Only these fields leave the process in a log line: never a body, a code or a link. */
type MailLogger = Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;

export type MailerConfig = {
  smtpUrl?: string | undefined;
  from: string;
  /** Sends over a transport of the caller's (tests); it counts as SMTP. */
  sendMail?: SendMail;
  clock?: Clock;
  log?: MailLogger;
};

/** A database error's SQLSTATE, the only part of it that may leave (its parameters are the bodies). */
function databaseCode(error: unknown): string | undefined {
  const code = (error as { cause?: { code?: unknown } })?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** How many due messages one pass of the retry worker claims. */
const RETRY_BATCH = 20;

/**
 * Every message is recorded in `mail_outbox` first. With SMTP (SMTP_URL set), it is then sent;
 * a failed attempt is retried by `retryDue` (the delivery worker) with backoff. Without SMTP it
 * is only kept: its addressee (a customer or a staff member) reads it in Messages. Staff see
 * envelopes only (docs/decisions).
 * nodemailer is loaded with the first message sent over SMTP, not at start-up.
 */
export function createMailer(db: Db, config: MailerConfig): Mailer {
  const clock = config.clock ?? systemClock;
  const log = config.log;
  let transporter: Promise<SendMail> | undefined;
  const smtp = config.sendMail !== undefined || config.smtpUrl !== undefined;

  /** The SMTP transport: the caller's, or nodemailer's for SMTP_URL. */
  const sendMail = (): Promise<SendMail> => {
    if (config.sendMail) return Promise.resolve(config.sendMail);
    const { smtpUrl } = config;
    if (smtpUrl === undefined) return Promise.reject(new Error('no SMTP transport is configured'));
    transporter ??= import('nodemailer').then(({ default: nodemailer }) => {
      const made = nodemailer.createTransport(smtpUrl);
      return (mail: OutgoingMail) => made.sendMail(mail);
    });
    return transporter;
  };

  const outgoing = (row: KeptMailRow): OutgoingMail => ({
    from: config.from,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    ...(row.htmlBody === null ? {} : { html: row.htmlBody }),
  });

  /** One SMTP attempt of a claimed message, and its outcome recorded. */
  async function attempt(row: KeptMailRow): Promise<void> {
    try {
      await (await sendMail())(outgoing(row));
      await recordAttempt(db, row, { status: 'sent', at: clock() });
    } catch (error) {
      const reason = describeSmtpError(error);
      const retryAt = nextRetryAt(row.attempts + 1, clock());
      await recordAttempt(
        db,
        row,
        retryAt
          ? { status: 'retrying', error: reason, nextAttemptAt: retryAt }
          : { status: 'failed', error: reason },
      );
      log?.warn(
        { mailId: row.id, attempts: row.attempts + 1, error: reason, retryAt: retryAt?.toISOString() },
        retryAt ? 'an e-mail could not be sent; it will be retried' : 'an e-mail could not be sent; given up',
      );
    }
  }

  /**
   * Records the messages for their accounts and the delivery log, in one statement on `db` (a
   * caller's transaction, or the pool): without SMTP they are only kept; with SMTP `messages` wait,
   * leased, for `deliver`, and `forWorker` are due at once for the delivery worker. A database error
   * is reported by its code only (its parameters are the bodies).
   */
  async function recordAll(
    on: Db,
    messages: readonly MailMessage[],
    forWorker: readonly MailMessage[] = [],
  ): Promise<KeptMailRow[]> {
    const recorded = [...messages, ...forWorker].map(({ userId, ...message }) => ({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      fallbackUserId: userId,
    }));
    try {
      // Without SMTP a message is kept for its account; one that belongs to no account goes nowhere
      // and nobody reads it. Nothing leaves the process, so nodemailer is not involved.
      if (!smtp) {
        return await insertMailsForAddresses(
          on,
          recorded.map((message) => ({ ...message, deliveryStatus: 'kept' })),
          { keepOnlyForAnAccount: true },
        );
      }
      const leaseUntil = new Date(clock().getTime() + ATTEMPT_LEASE_MS);
      const rows = await insertMailsForAddresses(
        on,
        recorded.map((message, index) => ({
          ...message,
          deliveryStatus: 'sending',
          // Leased for `deliver`; the worker's due at once (its next pass sends them).
          nextAttemptAt: index < messages.length ? leaseUntil : new Date(0),
        })),
        { keepOnlyForAnAccount: false },
      );
      // In the order given (insertMailsForAddresses answers so): `messages` first.
      return rows.slice(0, messages.length);
    } catch (error) {
      const code = databaseCode(error);
      throw new Error(`The e-mail could not be recorded${code ? ` (${code})` : ''}`);
    }
  }

  /**
   * With SMTP, one attempt of each recorded message; each records its own outcome. Never throws: an
   * outcome that could not be recorded is logged (by its database code only), and the message is
   * tried again by the delivery worker once its lease has passed.
   */
  async function deliver(rows: readonly KeptMailRow[]): Promise<void> {
    if (!smtp) return;
    await Promise.all(
      rows.map((row) =>
        attempt(row).catch((error: unknown) => {
          log?.error(
            { mailId: row.id, code: databaseCode(error) },
            "an e-mail's attempt could not be recorded",
          );
        }),
      ),
    );
  }

  const sendAll = async (messages: readonly MailMessage[]) => deliver(await recordAll(db, messages));

  return {
    transport: smtp ? 'smtp' : 'outbox',
    send: (message) => sendAll([message]),
    sendAll,
    recordAll,
    deliver,
    queue: async (tx, { userId, ...message }) => {
      await insertMail(tx, {
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        userId,
        deliveryStatus: smtp ? 'sending' : 'kept',
        // Due at once: the delivery worker's next pass sends it.
        ...(smtp ? { nextAttemptAt: new Date(0) } : {}),
      });
    },
    retryDue: async () => {
      if (!smtp) return 0;
      const now = clock();
      const claimed = await claimDueMail(db, {
        now,
        leaseUntil: new Date(now.getTime() + ATTEMPT_LEASE_MS),
        limit: RETRY_BATCH,
      });
      for (const row of claimed) await attempt(row);
      return claimed.length;
    },
  };
}

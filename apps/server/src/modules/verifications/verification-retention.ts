import { VERIFICATION_EXPIRY_NOTICE_DAYS } from '@candor/contracts/verifications';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { SYSTEM_ACTOR } from '../../lib/actor.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { createRepeatingJob, type RepeatingJob } from '../../lib/repeating-job.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { formatMailDay } from '../mail/mail-day.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';
import type { StorageBackend } from '../storage/storage-backend.ts';
import {
  deleteFileRows,
  hasOtherValidApproval,
  lockClosedAccountRecordsDue,
  lockDeclinedDueForErasure,
  lockExpiringSoon,
  lockLapsingSubmissions,
  type SubmissionRow,
  selectSubmissionsUsingFiles,
  updateSubmission,
} from './verifications.repository.ts';
import { utcDay } from './verifications.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type RetentionSummary = {
  /** Approved verifications that lapsed because their document expired. */
  lapsed: number;
  /** Customers told their document expires within 30 days. */
  notified: number;
  /** Declined submissions whose images were erased. */
  declinedImagesErased: number;
  /** Submissions of closed accounts whose record (images, document number) was erased. */
  closedRecordsErased: number;
  /** Stored files removed. */
  filesErased: number;
};

type RetentionDeps = {
  db: Db;
  storage: StorageBackend;
  mailer: Pick<Mailer, 'send'>;
  now: Date;
  log?: Pick<FastifyBaseLogger, 'warn'>;
};

/** `years` calendar years before `now` (UTC). */
function yearsBefore(now: Date, years: number): Date {
  const date = new Date(now.getTime());
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date;
}

/**
 * Erases a submission's images: a file that another, still-kept submission also uses (the kept side
 * of a one-side resubmission) is only unlinked; otherwise its record goes and its key is answered,
 * so the bytes can go once the transaction has committed.
 */
async function eraseImages(
  tx: Db,
  row: SubmissionRow,
): Promise<{ storageKeys: string[]; fileIds: string[] }> {
  const fileIds = [row.frontFileId, row.backFileId].filter((id): id is string => id !== null);
  const others = await selectSubmissionsUsingFiles(tx, fileIds, row.id);
  const shared = new Set(
    others
      .filter((other) => other.imagesErasedAt === null)
      .flatMap((other) => [other.frontFileId, other.backFileId]),
  );
  const erasable = fileIds.filter((id) => !shared.has(id));
  const storageKeys = await deleteFileRows(tx, erasable);
  return { storageKeys, fileIds: erasable };
}

/**
 * The daily identity job (issue 12, item 5), one transaction per step:
 * 1. an approved verification whose document expired lapses: the customer is unverified again
 *    (unless another approval still holds);
 * 2. a customer whose document expires within 30 days is told by mail, once;
 * 3. images of declined (or resubmission-requested) submissions are erased `declinedIdRetentionDays`
 *    after the decision;
 * 4. records of closed accounts (images and document number) are erased `approvedIdRetentionYears`
 *    after the close.
 * Each erasure is audited (actor system) with what went; statuses, reasons, notes, deciders and
 * times stay. Files' bytes are deleted after the commit. Running it twice at once is harmless
 * (rows are locked, SKIP LOCKED, and each step only takes what is still due).
 */
export async function runVerificationRetention({
  db,
  storage,
  mailer,
  now,
  log,
}: RetentionDeps): Promise<RetentionSummary> {
  const today = utcDay(now);
  const settings = await requireSiteSettings(db);
  const summary: RetentionSummary = {
    lapsed: 0,
    notified: 0,
    declinedImagesErased: 0,
    closedRecordsErased: 0,
    filesErased: 0,
  };

  await db.transaction(async (tx) => {
    for (const row of await lockLapsingSubmissions(tx, today)) {
      await updateSubmission(tx, row.id, { lapsedAt: now });
      const [user] = await tx
        .select({ identityStatus: users.identityStatus })
        .from(users)
        .where(eq(users.id, row.userId))
        .for('no key update');
      const stillValid = await hasOtherValidApproval(tx, row.userId, row.id, today);
      const lapses = user?.identityStatus === 'verified' && !stillValid;
      if (lapses)
        await tx.update(users).set({ identityStatus: 'unverified' }).where(eq(users.id, row.userId));
      summary.lapsed++;
      await recordAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: 'verification.lapse',
        targetType: 'identity_submission',
        targetId: row.id,
        subjectUserId: row.userId,
        before: { identityStatus: user?.identityStatus ?? null, documentExpiry: row.documentExpiry },
        after: { identityStatus: lapses ? 'unverified' : (user?.identityStatus ?? null) },
      });
    }
  });

  const mails: MailMessage[] = [];
  await db.transaction(async (tx) => {
    const { siteName } = await requireSiteSettings(tx);
    const until = utcDay(new Date(now.getTime() + VERIFICATION_EXPIRY_NOTICE_DAYS * DAY_MS));
    for (const { submission, email, name } of await lockExpiringSoon(tx, today, until)) {
      await updateSubmission(tx, submission.id, { expiryNoticeSentAt: now });
      mails.push({
        to: email,
        userId: submission.userId,
        subject: `${siteName}: your identity document expires soon`,
        text:
          `Hello ${name},\n\nThe identity document you verified with expires on ${formatMailDay(new Date(`${submission.documentExpiry}T00:00:00Z`))}. ` +
          'After that date your account is no longer verified and the limits for unverified accounts apply again. ' +
          'Please upload a valid document on the Identity page before then.',
      });
      summary.notified++;
    }
  });
  for (const message of mails) {
    try {
      await mailer.send(message);
    } catch (error) {
      log?.warn({ err: error }, 'an identity expiry notice could not be sent');
    }
  }

  const storageKeys: string[] = [];
  await db.transaction(async (tx) => {
    const before = new Date(now.getTime() - settings.declinedIdRetentionDays * DAY_MS);
    for (const row of await lockDeclinedDueForErasure(tx, before)) {
      const erased = await eraseImages(tx, row);
      storageKeys.push(...erased.storageKeys);
      await updateSubmission(tx, row.id, { frontFileId: null, backFileId: null, imagesErasedAt: now });
      summary.declinedImagesErased++;
      summary.filesErased += erased.storageKeys.length;
      await recordAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: 'verification.images_erased',
        targetType: 'identity_submission',
        targetId: row.id,
        subjectUserId: row.userId,
        reason: `Declined ID images kept ${settings.declinedIdRetentionDays} days`,
        before: { status: row.status, frontFileId: row.frontFileId, backFileId: row.backFileId },
        after: { erasedFileIds: erased.fileIds },
      });
    }
  });

  await db.transaction(async (tx) => {
    const before = yearsBefore(now, settings.approvedIdRetentionYears);
    for (const row of await lockClosedAccountRecordsDue(tx, before)) {
      const erased = await eraseImages(tx, row);
      storageKeys.push(...erased.storageKeys);
      await updateSubmission(tx, row.id, {
        frontFileId: null,
        backFileId: null,
        documentNumber: null,
        documentNumberNormalized: null,
        imagesErasedAt: row.imagesErasedAt ?? now,
        recordErasedAt: now,
      });
      summary.closedRecordsErased++;
      summary.filesErased += erased.storageKeys.length;
      await recordAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: 'verification.record_erased',
        targetType: 'identity_submission',
        targetId: row.id,
        subjectUserId: row.userId,
        reason: `Identity records of a closed account kept ${settings.approvedIdRetentionYears} years`,
        before: { status: row.status, frontFileId: row.frontFileId, backFileId: row.backFileId },
        after: { erasedFileIds: erased.fileIds, documentNumber: 'erased' },
      });
    }
  });

  for (const key of storageKeys) {
    await storage.delete(key).catch((error: unknown) => {
      log?.warn({ err: error, key }, 'an erased identity image could not be deleted');
    });
  }
  return summary;
}

/** Runs the job a minute after start, then once a day. */
export type VerificationRetentionJob = RepeatingJob<RetentionSummary>;

export function createVerificationRetentionJob(options: {
  db: Db;
  storage: StorageBackend;
  mailer: Pick<Mailer, 'send'>;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  clock?: Clock;
  firstRunDelayMs?: number;
}): VerificationRetentionJob {
  const clock = options.clock ?? systemClock;
  return createRepeatingJob({
    name: 'identity verification retention',
    run: () => runVerificationRetention({ ...options, now: clock(), log: options.logger }),
    logger: options.logger,
    firstRunDelayMs: options.firstRunDelayMs ?? 60_000,
    intervalMs: DAY_MS,
  });
}

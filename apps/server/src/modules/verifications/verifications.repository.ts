import type { VerificationListFilter } from '@candor/contracts/verifications';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { type Page, readPage } from '../../db/page.ts';
import { users } from '../../db/schema/auth.ts';
import { files } from '../../db/schema/files.ts';
import { identitySubmissions, verificationReasons } from '../../db/schema/verifications.ts';
import { selectRows } from '../../db/select-rows.ts';

export type SubmissionRow = typeof identitySubmissions.$inferSelect;
export type NewSubmissionRow = typeof identitySubmissions.$inferInsert;
export type SubmissionChange = Partial<Omit<SubmissionRow, 'id' | 'userId' | 'createdAt'>>;
export type ReasonRow = typeof verificationReasons.$inferSelect;

export async function insertSubmission(tx: Db, values: NewSubmissionRow): Promise<SubmissionRow> {
  const [row] = await tx.insert(identitySubmissions).values(values).returning();
  if (!row) throw new Error('the identity submission was not recorded');
  return row;
}

export async function updateSubmission(tx: Db, id: string, change: SubmissionChange): Promise<SubmissionRow> {
  const [row] = await tx
    .update(identitySubmissions)
    .set(change)
    .where(eq(identitySubmissions.id, id))
    .returning();
  if (!row) throw new Error('the identity submission disappeared');
  return row;
}

/** A customer's submissions, newest first. */
export async function selectSubmissionsOfUser(db: Db, userId: string): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(identitySubmissions)
    .where(eq(identitySubmissions.userId, userId))
    .orderBy(desc(identitySubmissions.createdAt), desc(identitySubmissions.id));
}

/** The customer's latest submission; with `lock`, FOR UPDATE (racing decisions and claims take turns). */
export async function findLatestSubmission(
  db: Db,
  userId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<SubmissionRow | undefined> {
  const query = db
    .select()
    .from(identitySubmissions)
    .where(eq(identitySubmissions.userId, userId))
    .orderBy(desc(identitySubmissions.createdAt), desc(identitySubmissions.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** One submission of one customer, FOR UPDATE. */
export async function lockSubmission(db: Db, userId: string, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .select()
    .from(identitySubmissions)
    .where(and(eq(identitySubmissions.id, id), eq(identitySubmissions.userId, userId)))
    .for('update');
  return row;
}

/** Submissions (other than `exceptId`) that refer to any of these files. */
export async function selectSubmissionsUsingFiles(
  db: Db,
  fileIds: readonly string[],
  exceptId?: string,
): Promise<SubmissionRow[]> {
  if (fileIds.length === 0) return [];
  const uses = or(
    inArray(identitySubmissions.frontFileId, [...fileIds]),
    inArray(identitySubmissions.backFileId, [...fileIds]),
  );
  return db
    .select()
    .from(identitySubmissions)
    .where(exceptId ? and(uses, ne(identitySubmissions.id, exceptId)) : uses);
}

/** Other customers who submitted the same normalised document number. */
export async function selectDuplicateHolders(
  db: Db,
  userId: string,
  normalized: string,
): Promise<{ userId: string; email: string }[]> {
  return db
    .selectDistinct({ userId: users.id, email: users.email })
    .from(identitySubmissions)
    .innerJoin(users, eq(users.id, identitySubmissions.userId))
    .where(
      and(
        eq(identitySubmissions.documentNumberNormalized, normalized),
        ne(identitySubmissions.userId, userId),
      ),
    )
    .orderBy(asc(users.email));
}

export type VerificationListRow = {
  user_id: string;
  email: string;
  identity_status: string;
  created_at: Date | string;
  decided_at: Date | string | null;
};

/**
 * One page of the Verifications tab: each customer's latest submission. 'queue': pending first,
 * then oldest first; 'all': newest first. `search` is part of the e-mail, case-insensitive.
 */
export async function selectVerificationPage(
  db: Db,
  {
    page,
    pageSize,
    search,
    filter,
  }: { page: number; pageSize: number; search?: string | undefined; filter: VerificationListFilter },
): Promise<Page<VerificationListRow>> {
  const where: SQL = search ? sql`where u.email ilike ${containsPattern(search)}` : sql``;
  const latest = sql`(select distinct on (user_id) user_id, status, created_at, decided_at
      from identity_submissions order by user_id, created_at desc, id desc) s
    join users u on u.id = s.user_id`;
  const order =
    filter === 'queue'
      ? sql`order by (s.status = 'pending') desc, s.created_at asc, s.user_id asc`
      : sql`order by s.created_at desc, s.user_id asc`;
  return readPage(
    { page, pageSize },
    {
      total: async () => {
        const [row] = await selectRows<{ total: string }>(
          db,
          sql`select count(*)::text as total from ${latest} ${where}`,
        );
        return Number(row?.total ?? 0);
      },
      rows: (limit, offset) =>
        selectRows<VerificationListRow>(
          db,
          sql`select s.user_id, u.email, u.identity_status, s.created_at, s.decided_at
            from ${latest} ${where} ${order} limit ${limit} offset ${offset}`,
        ),
    },
  );
}

// ---------- reasons ----------

export async function selectReasons(db: Db): Promise<ReasonRow[]> {
  return db
    .select()
    .from(verificationReasons)
    .orderBy(
      asc(verificationReasons.sortOrder),
      asc(verificationReasons.createdAt),
      asc(verificationReasons.code),
    );
}

export async function findReason(
  db: Db,
  code: string,
  { lock = false } = {},
): Promise<ReasonRow | undefined> {
  const query = db.select().from(verificationReasons).where(eq(verificationReasons.code, code));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Adds a reason; undefined when the code is taken. */
export async function insertReason(
  tx: Db,
  values: { code: string; label: string; active: boolean; now: Date },
): Promise<ReasonRow | undefined> {
  const [row] = await tx
    .insert(verificationReasons)
    .values({
      code: values.code,
      label: values.label,
      active: values.active,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateReason(
  tx: Db,
  code: string,
  change: { label: string; active: boolean; now: Date },
): Promise<ReasonRow> {
  const [row] = await tx
    .update(verificationReasons)
    .set({ label: change.label, active: change.active, updatedAt: change.now })
    .where(eq(verificationReasons.code, code))
    .returning();
  if (!row) throw new Error('the reason disappeared');
  return row;
}

// ---------- users ----------

export async function setIdentityStatus(
  tx: Db,
  userId: string,
  identityStatus: (typeof users.$inferSelect)['identityStatus'],
): Promise<void> {
  await tx.update(users).set({ identityStatus }).where(eq(users.id, userId));
}

// ---------- retention ----------

/** Approved verifications whose document expired before `today` and that have not lapsed yet. */
export async function lockLapsingSubmissions(tx: Db, today: string): Promise<SubmissionRow[]> {
  return tx
    .select()
    .from(identitySubmissions)
    .where(
      and(
        eq(identitySubmissions.status, 'approved'),
        isNull(identitySubmissions.lapsedAt),
        sql`${identitySubmissions.documentExpiry} < ${today}`,
      ),
    )
    .orderBy(asc(identitySubmissions.createdAt))
    .for('update', { skipLocked: true });
}

/** Approved verifications of open accounts expiring from `today` to `until`, not yet announced. */
export async function lockExpiringSoon(
  tx: Db,
  today: string,
  until: string,
): Promise<{ submission: SubmissionRow; email: string; name: string }[]> {
  return tx
    .select({ submission: identitySubmissions, email: users.email, name: users.name })
    .from(identitySubmissions)
    .innerJoin(users, eq(users.id, identitySubmissions.userId))
    .where(
      and(
        eq(identitySubmissions.status, 'approved'),
        isNull(identitySubmissions.lapsedAt),
        isNull(identitySubmissions.expiryNoticeSentAt),
        sql`${identitySubmissions.documentExpiry} between ${today} and ${until}`,
        ne(users.status, 'closed'),
      ),
    )
    .for('update', { of: identitySubmissions, skipLocked: true });
}

/** Whether the customer holds another approved verification that has not lapsed. */
export async function hasOtherValidApproval(
  tx: Db,
  userId: string,
  exceptId: string,
  today: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: identitySubmissions.id })
    .from(identitySubmissions)
    .where(
      and(
        eq(identitySubmissions.userId, userId),
        eq(identitySubmissions.status, 'approved'),
        isNull(identitySubmissions.lapsedAt),
        ne(identitySubmissions.id, exceptId),
        sql`${identitySubmissions.documentExpiry} >= ${today}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Declined (or resubmission-requested) submissions decided before `before` whose images remain. */
export async function lockDeclinedDueForErasure(tx: Db, before: Date): Promise<SubmissionRow[]> {
  return tx
    .select()
    .from(identitySubmissions)
    .where(
      and(
        inArray(identitySubmissions.status, ['declined', 'resubmit_requested']),
        isNull(identitySubmissions.imagesErasedAt),
        sql`${identitySubmissions.decidedAt} < ${before.toISOString()}`,
      ),
    )
    .for('update', { skipLocked: true });
}

/** Submissions of accounts closed before `before` whose record was not erased yet. */
export async function lockClosedAccountRecordsDue(tx: Db, before: Date): Promise<SubmissionRow[]> {
  return tx
    .select({ submission: identitySubmissions })
    .from(identitySubmissions)
    .innerJoin(users, eq(users.id, identitySubmissions.userId))
    .where(
      and(
        eq(users.status, 'closed'),
        isNotNull(users.closedAt),
        sql`${users.closedAt} < ${before.toISOString()}`,
        isNull(identitySubmissions.recordErasedAt),
      ),
    )
    .for('update', { of: identitySubmissions, skipLocked: true })
    .then((rows) => rows.map((row) => row.submission));
}

/** Forgets file records; answers the storage keys of those it deleted (references become null). */
export async function deleteFileRows(tx: Db, fileIds: readonly string[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const deleted = await tx
    .delete(files)
    .where(inArray(files.id, [...fileIds]))
    .returning({ storageKey: files.storageKey });
  return deleted.map((row) => row.storageKey);
}

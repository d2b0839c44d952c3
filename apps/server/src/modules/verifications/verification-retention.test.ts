import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';
import { files } from '../../db/schema/files.ts';
import { identitySubmissions } from '../../db/schema/verifications.ts';
import { insertSignedInUser, useSignedInUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { createLocalStorage } from '../storage/local-storage.ts';
import { runVerificationRetention } from './verification-retention.ts';
import { futureExpiry, submitIdCard } from './verification-test-helpers.ts';

const DAY = 86_400_000;
const dataDir = fs.mkdtempSync('/tmp/candor-idv-retention-');
const t = useTestApp({ DATA_DIR: dataDir });
const compliance = useSignedInUser(t, { role: 'compliance' });
const admin = useSignedInUser(t, { role: 'admin' });
const storage = createLocalStorage(path.join(dataDir, 'uploads'));

async function submittedAndDecided(decision: 'approve' | 'decline', expiry = futureExpiry()) {
  const customer = await insertSignedInUser(t);
  const submitted = await submitIdCard(customer.browser, { documentExpiry: expiry });
  expect(submitted.response.statusCode, submitted.response.body).toBe(200);
  const [row] = await t.db
    .select()
    .from(identitySubmissions)
    .where(eq(identitySubmissions.userId, customer.user.id));
  const decided = await compliance.browser.post(`/api/admin/verifications/${customer.user.id}/decision`, {
    submissionId: row?.id,
    decision,
    reasonCode: decision === 'approve' ? 'other' : 'expired',
    note: 'on record',
    // An approval gives its own reason (decision 061).
    ...(decision === 'approve' ? { reason: 'Document checked against the photo' } : {}),
  });
  expect(decided.statusCode, decided.body).toBe(200);
  return { ...customer, ...submitted, submissionId: row?.id ?? '' };
}

function run(now: Date, mails: MailMessage[] = []) {
  return runVerificationRetention({
    db: t.db,
    storage,
    mailer: { send: async (message) => void mails.push(message) },
    now,
  });
}

async function submission(id: string) {
  const [row] = await t.db.select().from(identitySubmissions).where(eq(identitySubmissions.id, id));
  return row;
}

async function fileRows(ids: string[]) {
  const rows = await Promise.all(ids.map((id) => t.db.select().from(files).where(eq(files.id, id))));
  return rows.flat();
}

async function auditCount(action: string, targetId: string) {
  const [row] = await t.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId), eq(auditLog.actorId, 'system')));
  return row?.n ?? 0;
}

describe('declined images', () => {
  test('are erased after the retention days, files and references; the decision stays', async () => {
    const declined = await submittedAndDecided('decline');
    const keys = (await fileRows([declined.frontFileId, declined.backFileId])).map((file) => file.storageKey);
    expect(keys).toHaveLength(2);

    const early = await run(new Date(Date.now() + 29 * DAY));
    expect((await submission(declined.submissionId))?.frontFileId).toBe(declined.frontFileId);
    expect(early.declinedImagesErased).toBe(0);

    await run(new Date(Date.now() + 31 * DAY));
    const after = await submission(declined.submissionId);
    expect(after).toMatchObject({
      frontFileId: null,
      backFileId: null,
      status: 'declined',
      reasonCode: 'expired',
      note: 'on record',
      decidedBy: compliance.user.id,
    });
    expect(after?.imagesErasedAt).not.toBeNull();
    expect(await fileRows([declined.frontFileId, declined.backFileId])).toEqual([]);
    for (const key of keys) expect(await storage.get(key)).toBeUndefined();
    expect(await auditCount('verification.images_erased', declined.submissionId)).toBe(1);
    const own = await declined.browser.request({ method: 'GET', url: `/api/files/${declined.frontFileId}` });
    expect(own.statusCode).toBe(404);
    const detail = (
      await compliance.browser.request({ method: 'GET', url: `/api/admin/verifications/${declined.user.id}` })
    ).json();
    expect(detail).toMatchObject({
      frontImageUrl: null,
      backImageUrl: null,
      decision: { imagesErased: true },
    });

    // A second run finds nothing more to do.
    await run(new Date(Date.now() + 32 * DAY));
    expect(await auditCount('verification.images_erased', declined.submissionId)).toBe(1);
  });

  test('the retention days are a setting', async () => {
    const current = (await admin.browser.request({ method: 'GET', url: '/api/admin/settings' })).json();
    expect(current).toMatchObject({ declinedIdRetentionDays: 30, approvedIdRetentionYears: 5 });
    const saved = await admin.browser.request({
      method: 'PUT',
      url: '/api/admin/settings',
      payload: {
        siteName: current.siteName,
        minWithdrawal: current.minWithdrawal,
        withdrawalPercent: current.withdrawalPercent,
        declinedIdRetentionDays: 7,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ declinedIdRetentionDays: 7, approvedIdRetentionYears: 5 });
    const publicSettings = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json();
    expect(publicSettings).not.toHaveProperty('declinedIdRetentionDays');

    const declined = await submittedAndDecided('decline');
    await run(new Date(Date.now() + 8 * DAY));
    expect((await submission(declined.submissionId))?.imagesErasedAt).not.toBeNull();
    await admin.browser.request({
      method: 'PUT',
      url: '/api/admin/settings',
      payload: {
        siteName: current.siteName,
        minWithdrawal: current.minWithdrawal,
        withdrawalPercent: current.withdrawalPercent,
        declinedIdRetentionDays: 30,
      },
    });
  });
});

describe('approved records of closed accounts', () => {
  test('survive the close, then are erased after the retention years with the decision kept', async () => {
    const approved = await submittedAndDecided('approve');
    const closed = await admin.browser.post(`/api/admin/users/${approved.user.id}/close`, {
      reason: 'customer asked',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const kept = await fileRows([approved.frontFileId, approved.backFileId]);
    expect(kept).toHaveLength(2);
    for (const file of kept) {
      const body = await storage.get(file.storageKey);
      expect(body).toBeDefined();
      body?.destroy();
    }

    await run(new Date(Date.now() + 4 * 365 * DAY));
    expect((await submission(approved.submissionId))?.frontFileId).toBe(approved.frontFileId);

    await run(new Date(Date.now() + 5 * 366 * DAY));
    const after = await submission(approved.submissionId);
    expect(after).toMatchObject({
      frontFileId: null,
      backFileId: null,
      documentNumber: null,
      documentNumberNormalized: null,
      status: 'approved',
      decidedBy: compliance.user.id,
    });
    expect(after?.recordErasedAt).not.toBeNull();
    expect(await fileRows([approved.frontFileId, approved.backFileId])).toEqual([]);
    for (const file of kept) expect(await storage.get(file.storageKey)).toBeUndefined();
    expect(await auditCount('verification.record_erased', approved.submissionId)).toBe(1);
  });

  test('an open account keeps its approved record', async () => {
    const approved = await submittedAndDecided('approve', futureExpiry(365 * 20));
    await run(new Date(Date.now() + 6 * 366 * DAY));
    expect((await submission(approved.submissionId))?.frontFileId).toBe(approved.frontFileId);
  });
});

describe('expiry', () => {
  test('the customer is told 30 days before, once; the verification lapses when the document expires', async () => {
    const expiry = futureExpiry(100);
    const approved = await submittedAndDecided('approve', expiry);
    const expiryTime = new Date(`${expiry}T00:00:00Z`).getTime();

    const mails: MailMessage[] = [];
    await run(new Date(expiryTime - 40 * DAY), mails);
    expect(mails.filter((mail) => mail.userId === approved.user.id)).toHaveLength(0);
    await run(new Date(expiryTime - 29 * DAY), mails);
    await run(new Date(expiryTime - 28 * DAY), mails);
    const notices = mails.filter((mail) => mail.userId === approved.user.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.to).toBe(approved.user.email);
    expect(notices[0]?.subject).toBe('Candor: your identity document expires soon');
    expect(notices[0]?.text).toContain(
      `expires on ${new Date(expiryTime).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })}.`,
    );

    // Valid through its expiry day.
    await run(new Date(expiryTime + 12 * 60 * 60 * 1000));
    const [stillVerified] = await t.db
      .select({ s: users.identityStatus })
      .from(users)
      .where(eq(users.id, approved.user.id));
    expect(stillVerified?.s).toBe('verified');

    await run(new Date(expiryTime + DAY + 60 * 60 * 1000));
    const [lapsed] = await t.db
      .select({ s: users.identityStatus })
      .from(users)
      .where(eq(users.id, approved.user.id));
    expect(lapsed?.s).toBe('unverified');
    expect((await submission(approved.submissionId))?.lapsedAt).not.toBeNull();
    expect(await auditCount('verification.lapse', approved.submissionId)).toBe(1);
    const status = (await approved.browser.request({ method: 'GET', url: '/api/verifications/me' })).json();
    expect(status).toMatchObject({ status: 'unverified', canSubmit: true });
  });
});

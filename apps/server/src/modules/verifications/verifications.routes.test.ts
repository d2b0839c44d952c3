import { randomUUID } from 'node:crypto';
import { UPLOAD_MESSAGES } from '@candor/contracts/files';
import { STAFF_ACCOUNT_IDENTITY_MESSAGE } from '@candor/contracts/staff';
import { paymentDemandMessage } from '@candor/contracts/staff-texts';
import { VERIFICATION_MESSAGES } from '@candor/contracts/verifications';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { instanceSecrets } from '../../db/schema/secrets.ts';
import { identitySubmissions, verificationReasons } from '../../db/schema/verifications.ts';
import { insertSignedInUser, useSignedInUser } from '../../test/factories.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { makeImage, makePdf, multipartUpload } from '../../test/uploads.ts';
import { createImageLinkSigner, sessionKeyOf } from './image-links.ts';
import { futureExpiry, submitIdCard, uploadIdImage } from './verification-test-helpers.ts';

const t = useTestApp();
/** Why a reviewer approves (an approval needs a reason, decision 061). */
const CHECKED = 'Document checked against the photo';
const compliance = useSignedInUser(t, { role: 'compliance' });
const admin = useSignedInUser(t, { role: 'admin' });
const owner = useSignedInUser(t, { role: 'owner' });
const support = useSignedInUser(t, { role: 'support' });
const accountant = useSignedInUser(t, { role: 'accountant' });

async function customerWithSubmission(overrides: Record<string, unknown> = {}) {
  const customer = await insertSignedInUser(t);
  const submitted = await submitIdCard(customer.browser, overrides);
  expect(submitted.response.statusCode, submitted.response.body).toBe(200);
  return { ...customer, ...submitted };
}

function openDetail(browser: Browser, userId: string) {
  return browser.request({ method: 'GET', url: `/api/admin/verifications/${userId}` });
}

function decide(browser: Browser, userId: string, body: object, key?: string) {
  return browser.post(`/api/admin/verifications/${userId}/decision`, body, key);
}

async function auditCount(action: string, subjectUserId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectUserId, subjectUserId)));
  return row?.n ?? 0;
}

async function identityStatusOf(userId: string): Promise<string | undefined> {
  const [row] = await t.db.select({ s: users.identityStatus }).from(users).where(eq(users.id, userId));
  return row?.s;
}

describe('submitting', () => {
  test('an ID side is an image: a PDF is refused with the identity page\'s own words (no "or a PDF")', async () => {
    const { browser } = await insertSignedInUser(t);
    const upload = multipartUpload({ filename: 'id.pdf', contentType: 'application/pdf', data: makePdf() });
    const response = await browser.request({ method: 'POST', url: '/api/verifications/images', ...upload });
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json()).toEqual({ code: 'UNSUPPORTED_FILE_TYPE', message: UPLOAD_MESSAGES.notAnImage });
  });

  test('an empty ID image (0 bytes) is said to be empty; a part with no file chosen asks for one', async () => {
    const { browser } = await insertSignedInUser(t);
    const empty = multipartUpload({ filename: 'front.png', contentType: 'image/png', data: Buffer.alloc(0) });
    const response = await browser.request({ method: 'POST', url: '/api/verifications/images', ...empty });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      code: 'FILE_EMPTY',
      message: 'The file is empty. Please choose another file.',
    });
    // What a browser sends for a form submitted with no file chosen: an empty part with no name.
    const none = multipartUpload({
      filename: '',
      contentType: 'application/octet-stream',
      data: Buffer.alloc(0),
    });
    const missing = await browser.request({ method: 'POST', url: '/api/verifications/images', ...none });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json()).toEqual({ code: 'FILE_REQUIRED', message: 'Please select a file first' });
  });

  test('a customer uploads both sides, submits and reads "pending"; a second submission waits', async () => {
    const { user, browser, frontFileId, backFileId } = await customerWithSubmission();
    const status = await browser.request({ method: 'GET', url: '/api/verifications/me' });
    expect(status.statusCode).toBe(200);
    const body = status.json();
    expect(body.status).toBe('pending');
    expect(body.canSubmit).toBe(false);
    expect(body.submissions).toHaveLength(1);
    expect(body.submissions[0].documentNumber).toBe('ab 123 456');
    expect(await identityStatusOf(user.id)).toBe('pending');
    const [row] = await t.db
      .select()
      .from(identitySubmissions)
      .where(eq(identitySubmissions.userId, user.id));
    expect(row?.documentNumberNormalized).toBe('AB123456');

    const again = await browser.post('/api/verifications', {
      documentType: 'id_card',
      documentNumber: 'X1',
      documentExpiry: futureExpiry(),
      frontFileId: await uploadIdImage(browser),
      backFileId: await uploadIdImage(browser),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('VERIFICATION_PENDING');
    expect(frontFileId).not.toBe(backFileId);
  });

  test('a staff account sends no documents: it may not submit, its upload and submission are refused, the queue stays empty', async () => {
    const status = await admin.browser.request({ method: 'GET', url: '/api/verifications/me' });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({ status: 'unverified', canSubmit: false });
    const upload = await admin.browser.request({
      method: 'POST',
      url: '/api/verifications/images',
      ...multipartUpload({ filename: 'id.png', contentType: 'image/png', data: await makeImage('png') }),
    });
    expect(upload.statusCode, upload.body).toBe(403);
    expect(upload.json()).toEqual({ code: 'FORBIDDEN', message: STAFF_ACCOUNT_IDENTITY_MESSAGE });
    const submitted = await admin.browser.post('/api/verifications', {
      documentType: 'passport',
      documentNumber: 'X1',
      documentExpiry: futureExpiry(),
      frontFileId: randomUUID(),
    });
    expect(submitted.statusCode, submitted.body).toBe(403);
    expect(submitted.json()).toEqual({ code: 'FORBIDDEN', message: STAFF_ACCOUNT_IDENTITY_MESSAGE });
    expect(
      await t.db.select().from(identitySubmissions).where(eq(identitySubmissions.userId, admin.user.id)),
    ).toEqual([]);
  });

  test('an ID card without its back is refused with the seed message; a passport needs none', async () => {
    const { browser } = await insertSignedInUser(t);
    const front = await uploadIdImage(browser);
    const missing = await browser.post('/api/verifications', {
      documentType: 'id_card',
      documentNumber: 'N1',
      documentExpiry: futureExpiry(),
      frontFileId: front,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(
      'Please upload both Front and Back ID images before submitting.',
    );
    const passport = await browser.post('/api/verifications', {
      documentType: 'passport',
      documentNumber: 'P1',
      documentExpiry: futureExpiry(),
      frontFileId: front,
    });
    expect(passport.statusCode, passport.body).toBe(200);
  });

  test("another customer's image or an expired document is refused", async () => {
    const other = await insertSignedInUser(t);
    const othersImage = await uploadIdImage(other.browser);
    const { browser } = await insertSignedInUser(t);
    const stolen = await browser.post('/api/verifications', {
      documentType: 'passport',
      documentNumber: 'P2',
      documentExpiry: futureExpiry(),
      frontFileId: othersImage,
    });
    expect(stolen.statusCode).toBe(404);
    const expired = await browser.post('/api/verifications', {
      documentType: 'passport',
      documentNumber: 'P2',
      documentExpiry: '2020-01-01',
      frontFileId: await uploadIdImage(browser),
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('This document has expired. Please use a valid document.');
  });

  test('a document expiring today is valid today; one expiring more than 20 years ahead is taken for a typo', async () => {
    const typo = await insertSignedInUser(t);
    const tooFar = await typo.browser.post('/api/verifications', {
      documentType: 'passport',
      documentNumber: 'P3',
      documentExpiry: futureExpiry(365 * 20 + 6),
      frontFileId: await uploadIdImage(typo.browser),
    });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: VERIFICATION_MESSAGES.documentExpiryTooFar,
    });

    const { browser } = await insertSignedInUser(t);
    const today = await browser.post('/api/verifications', {
      documentType: 'passport',
      documentNumber: 'P4',
      documentExpiry: futureExpiry(0),
      frontFileId: await uploadIdImage(browser),
    });
    expect(today.statusCode, today.body).toBe(200);
  });
});

describe('a document number of only invisible characters', () => {
  test('is refused as missing: the reviewer would read an empty number', async () => {
    const { browser } = await insertSignedInUser(t);
    const res = await browser.post('/api/verifications', {
      documentType: 'passport',
      documentNumber: '\u200b\u202e ',
      documentExpiry: futureExpiry(),
      frontFileId: await uploadIdImage(browser),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'documentNumber: Document number is required',
    });
  });
});

describe('who can fetch an ID image', () => {
  test('the owner through /api/files; not another customer, staff or an anonymous visitor', async () => {
    const { browser, frontFileId } = await customerWithSubmission();
    const url = `/api/files/${frontFileId}`;
    const own = await browser.request({ method: 'GET', url });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    const other = await insertSignedInUser(t);
    expect((await other.browser.request({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    // Staff never read ID images here: only through signed, audited links.
    expect((await support.browser.request({ method: 'GET', url })).statusCode).toBe(404);
    expect((await compliance.browser.request({ method: 'GET', url })).statusCode).toBe(404);
  });

  test('compliance, admin and owner fetch through signed links, each fetch audited', async () => {
    const { user } = await customerWithSubmission();
    for (const staff of [compliance, admin, owner]) {
      const detail = await openDetail(staff.browser, user.id);
      expect(detail.statusCode, detail.body).toBe(200);
      const { frontImageUrl, backImageUrl } = detail.json();
      const before = await auditCount('verification.image_view', user.id);
      const front = await staff.browser.request({ method: 'GET', url: frontImageUrl });
      expect(front.statusCode, front.body).toBe(200);
      expect(front.headers['content-type']).toMatch(/^image\//);
      expect((await staff.browser.request({ method: 'GET', url: backImageUrl })).statusCode).toBe(200);
      expect(await auditCount('verification.image_view', user.id)).toBe(before + 2);
    }
  });

  test('support, accountants, another customer and anonymous visitors cannot use a link', async () => {
    const { user } = await customerWithSubmission();
    const { frontImageUrl } = (await openDetail(compliance.browser, user.id)).json();
    const before = await auditCount('verification.image_view', user.id);
    expect((await support.browser.request({ method: 'GET', url: frontImageUrl })).statusCode).toBe(403);
    expect((await accountant.browser.request({ method: 'GET', url: frontImageUrl })).statusCode).toBe(403);
    const other = await insertSignedInUser(t);
    expect((await other.browser.request({ method: 'GET', url: frontImageUrl })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: frontImageUrl })).statusCode).toBe(401);
    // Another reviewer holding the same permission cannot reuse someone else's link.
    expect((await admin.browser.request({ method: 'GET', url: frontImageUrl })).statusCode).toBe(403);
    expect(await auditCount('verification.image_view', user.id)).toBe(before);
    expect(
      (await support.browser.request({ method: 'GET', url: `/api/admin/verifications/${user.id}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await support.browser.request({ method: 'GET', url: '/api/admin/verifications' })).statusCode,
    ).toBe(403);
  });

  test('a link is refused once expired, and in another session of the same reviewer', async () => {
    const { user, frontFileId } = await customerWithSubmission();
    const [secret] = await t.db
      .select()
      .from(instanceSecrets)
      .where(eq(instanceSecrets.name, 'verification-image-links'));
    const signer = createImageLinkSigner(secret?.value ?? '');
    const cookie = compliance.browser;
    // The reviewer's own session key, as the server derives it from the cookie.
    const probe = await cookie.request({ method: 'GET', url: `/api/admin/verifications/${user.id}` });
    expect(probe.statusCode).toBe(200);
    const sessionKey = sessionKeyOf(probe.raw.req as never);
    expect(sessionKey).not.toBe('');
    const fresh = signer.sign({
      fileId: frontFileId,
      actorId: compliance.user.id,
      sessionKey,
      now: new Date(),
    });
    expect((await cookie.request({ method: 'GET', url: fresh.url })).statusCode).toBe(200);
    const old = signer.sign({
      fileId: frontFileId,
      actorId: compliance.user.id,
      sessionKey,
      now: new Date(Date.now() - 61_000),
    });
    const expired = await cookie.request({ method: 'GET', url: old.url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('LINK_EXPIRED');

    const otherSession = await insertSignedInUser(t, { role: 'compliance' });
    const foreign = signer.sign({
      fileId: frontFileId,
      actorId: otherSession.user.id,
      sessionKey,
      now: new Date(),
    });
    expect((await otherSession.browser.request({ method: 'GET', url: foreign.url })).statusCode).toBe(403);
  });
});

describe('the review queue and claims', () => {
  test('the list searches by e-mail on the server and puts pending first, oldest first', async () => {
    const first = await customerWithSubmission();
    const second = await customerWithSubmission();
    const page = await compliance.browser.request({
      method: 'GET',
      url: '/api/admin/verifications?filter=queue',
    });
    expect(page.statusCode).toBe(200);
    const items = page.json().items as { userId: string; status: string; waitingSeconds: number }[];
    const firstIndex = items.findIndex((item) => item.userId === first.user.id);
    const secondIndex = items.findIndex((item) => item.userId === second.user.id);
    expect(items.length).toBeLessThanOrEqual(10);
    if (firstIndex >= 0 && secondIndex >= 0) expect(firstIndex).toBeLessThan(secondIndex);
    const statuses = items.map((item) => item.status);
    const lastPending = statuses.lastIndexOf('pending');
    const firstOther = statuses.findIndex((status) => status !== 'pending');
    if (firstOther >= 0) expect(lastPending).toBeLessThan(firstOther);
    const found = await compliance.browser.request({
      method: 'GET',
      url: `/api/admin/verifications?search=${encodeURIComponent(second.user.email.toUpperCase())}`,
    });
    expect(found.json().items).toEqual([
      expect.objectContaining({ userId: second.user.id, email: second.user.email, status: 'pending' }),
    ]);
    expect(found.json().total).toBe(1);
  });

  test('opening a pending item claims it; another reviewer sees who holds it and cannot decide', async () => {
    const { user } = await customerWithSubmission();
    const mine = (await openDetail(compliance.browser, user.id)).json();
    expect(mine.claim).toMatchObject({ by: { id: compliance.user.id }, mine: true });
    const theirs = (await openDetail(admin.browser, user.id)).json();
    expect(theirs.claim).toMatchObject({
      by: { id: compliance.user.id, name: compliance.user.name },
      mine: false,
    });
    const refused = await decide(admin.browser, user.id, {
      submissionId: theirs.submissionId,
      decision: 'approve',
      reason: CHECKED,
      reasonCode: 'other',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('VERIFICATION_CLAIMED');
    expect(await identityStatusOf(user.id)).toBe('pending');
    const approved = await decide(compliance.browser, user.id, {
      submissionId: mine.submissionId,
      decision: 'approve',
      reason: CHECKED,
      reasonCode: 'other',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await identityStatusOf(user.id)).toBe('verified');
  });
});

describe('decisions', () => {
  test('a decline note asking the customer to pay is refused with 422 PAYMENT_DEMAND; the submission stays pending', async () => {
    const { user } = await customerWithSubmission();
    const { submissionId } = (await openDetail(compliance.browser, user.id)).json();
    const res = await decide(compliance.browser, user.id, {
      submissionId,
      decision: 'decline',
      reasonCode: 'other',
      note: 'Send 0.01 BTC to bc1q… to complete your verification',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'PAYMENT_DEMAND', message: paymentDemandMessage('a payment') });
    expect(await identityStatusOf(user.id)).toBe('pending');
    expect(await auditCount('verification.decline', user.id)).toBe(0);
  });

  test('a decision is final and idempotent: a retry answers the same, a second decision changes nothing', async () => {
    const { user, browser } = await customerWithSubmission();
    const { submissionId } = (await openDetail(compliance.browser, user.id)).json();
    const key = randomUUID();
    const body = { submissionId, decision: 'decline', reasonCode: 'expired', note: 'Use a valid card' };
    const first = await decide(compliance.browser, user.id, body, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      identityStatus: 'declined',
      decision: { status: 'declined', reasonLabel: 'Expired', note: 'Use a valid card' },
    });
    const retry = await decide(compliance.browser, user.id, body, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const second = await decide(owner.browser, user.id, {
      submissionId,
      decision: 'approve',
      reason: CHECKED,
      reasonCode: 'other',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('ALREADY_DECIDED');
    expect(await identityStatusOf(user.id)).toBe('declined');
    expect(await auditCount('verification.decline', user.id)).toBe(1);
    expect(await auditCount('verification.approve', user.id)).toBe(0);

    const seen = (await browser.request({ method: 'GET', url: '/api/verifications/me' })).json();
    expect(seen).toMatchObject({ status: 'declined', canSubmit: true });
    expect(seen.submissions[0]).toMatchObject({ decisionReason: 'Expired', note: 'Use a valid card' });
  });

  test('the customer is told of each decision in their Messages, naming no staff member', async () => {
    const mailsOf = (userId: string) =>
      t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId)).orderBy(mailOutbox.createdAt);
    const sentOn = async (userId: string) => {
      const [row] = await t.db
        .select({ at: identitySubmissions.createdAt })
        .from(identitySubmissions)
        .where(eq(identitySubmissions.userId, userId))
        .orderBy(identitySubmissions.createdAt);
      const iso = row?.at.toISOString() ?? '';
      return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
    };

    // Asked for one side again: the reason and the note, in the Identity page's own words.
    const asked = await customerWithSubmission();
    const first = (await openDetail(compliance.browser, asked.user.id)).json();
    const key = randomUUID();
    const body = {
      submissionId: first.submissionId,
      decision: 'resubmit',
      reasonCode: 'unreadable',
      side: 'back',
      note: 'The back is <blurred>',
    };
    expect((await decide(compliance.browser, asked.user.id, body, key)).statusCode).toBe(200);
    const [resubmit, ...more] = await mailsOf(asked.user.id);
    expect(more).toEqual([]);
    expect(resubmit).toMatchObject({
      toAddress: asked.user.email,
      subject: 'Candor: please send your identity document again',
    });
    expect(resubmit?.textBody).toContain(`Hello ${asked.user.name},`);
    expect(resubmit?.textBody).toContain(
      `The identity document you sent on ${await sentOn(asked.user.id)} has been reviewed.`,
    );
    expect(resubmit?.textBody).toContain('Please upload the Back image again: Unreadable');
    expect(resubmit?.textBody).toContain('Note: The back is <blurred>');
    expect(resubmit?.htmlBody).toContain('Note: The back is &#60;blurred&#62;');
    // A retry of the same decision answers the same and mails nothing more.
    expect((await decide(compliance.browser, asked.user.id, body, key)).statusCode).toBe(200);
    expect(await mailsOf(asked.user.id)).toHaveLength(1);
    const messages = (await asked.browser.request({ method: 'GET', url: '/api/messages' })).json();
    expect(JSON.stringify(messages)).toContain('please send your identity document again');

    // Declined, with the reason.
    const declined = await customerWithSubmission();
    const second = (await openDetail(compliance.browser, declined.user.id)).json();
    await decide(compliance.browser, declined.user.id, {
      submissionId: second.submissionId,
      decision: 'decline',
      reasonCode: 'expired',
    });
    const [decline] = await mailsOf(declined.user.id);
    expect(decline?.subject).toBe('Candor: your identity document was declined');
    expect(decline?.textBody).toContain('Declined: Expired');
    expect(decline?.textBody).toContain('You may send your document again on the Identity page.');
    expect(decline?.textBody).not.toContain('Note:');

    // Approved: verified until the document's expiry.
    const approved = await customerWithSubmission({ documentExpiry: futureExpiry(400) });
    const third = (await openDetail(admin.browser, approved.user.id)).json();
    await decide(admin.browser, approved.user.id, {
      submissionId: third.submissionId,
      decision: 'approve',
      reason: CHECKED,
    });
    const [approval] = await mailsOf(approved.user.id);
    expect(approval?.subject).toBe('Candor: your identity is verified');
    expect(approval?.textBody).toContain(
      `Your identity is verified until your document expires on ${futureExpiry(400)}.`,
    );

    for (const mail of [resubmit, decline, approval]) {
      expect(`${mail?.textBody}${mail?.htmlBody}`).not.toContain(compliance.user.name);
      expect(`${mail?.textBody}${mail?.htmlBody}`).not.toContain(admin.user.name);
    }
  });

  test('two reviewers deciding at once decide once', async () => {
    const { user } = await customerWithSubmission();
    const [row] = await t.db
      .select()
      .from(identitySubmissions)
      .where(eq(identitySubmissions.userId, user.id));
    const submissionId = row?.id;
    const results = await Promise.all([
      decide(compliance.browser, user.id, {
        submissionId,
        decision: 'approve',
        reason: CHECKED,
        reasonCode: 'other',
      }),
      decide(admin.browser, user.id, { submissionId, decision: 'decline', reasonCode: 'unreadable' }),
    ]);
    const codes = results.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const winner = results.find((response) => response.statusCode === 200)?.json();
    expect(await identityStatusOf(user.id)).toBe(winner.identityStatus);
    const decided =
      (await auditCount('verification.approve', user.id)) +
      (await auditCount('verification.decline', user.id));
    expect(decided).toBe(1);
  });

  test('after a decline the customer submits again; the reviewer approves it', async () => {
    const { user, browser, frontFileId } = await customerWithSubmission();
    const { submissionId } = (await openDetail(compliance.browser, user.id)).json();
    await decide(compliance.browser, user.id, { submissionId, decision: 'decline', reasonCode: 'expired' });
    // A declined submission's image cannot be reused.
    const reuse = await browser.post('/api/verifications', {
      documentType: 'passport',
      documentNumber: 'P9',
      documentExpiry: futureExpiry(),
      frontFileId,
    });
    expect(reuse.statusCode).toBe(409);
    const again = await submitIdCard(browser);
    expect(again.response.statusCode, again.response.body).toBe(200);
    expect(again.response.json().status).toBe('pending');
    const detail = (await openDetail(compliance.browser, user.id)).json();
    expect(detail.earlierSubmissions).toEqual([
      expect.objectContaining({ id: submissionId, status: 'declined', reasonLabel: 'Expired' }),
    ]);
    // An approval gives its reason (decision 061).
    const approved = await decide(compliance.browser, user.id, {
      submissionId: detail.submissionId,
      decision: 'approve',
      reason: CHECKED,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await browser.request({ method: 'GET', url: '/api/verifications/me' })).json().status).toBe(
      'verified',
    );
  });

  test('asking to resubmit one side: the customer keeps the other side and sends a new one', async () => {
    const { user, browser, frontFileId } = await customerWithSubmission();
    const { submissionId } = (await openDetail(compliance.browser, user.id)).json();
    const noSide = await decide(compliance.browser, user.id, {
      submissionId,
      decision: 'resubmit',
      reasonCode: 'unreadable',
    });
    expect(noSide.statusCode).toBe(400);
    const asked = await decide(compliance.browser, user.id, {
      submissionId,
      decision: 'resubmit',
      reasonCode: 'unreadable',
      side: 'back',
      note: 'The back is blurred',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const seen = (await browser.request({ method: 'GET', url: '/api/verifications/me' })).json();
    expect(seen).toMatchObject({ canSubmit: true, resubmitSide: 'back' });
    const resent = await browser.post('/api/verifications', {
      documentType: 'id_card',
      documentNumber: 'ab 123 456',
      documentExpiry: futureExpiry(),
      frontFileId,
      backFileId: await uploadIdImage(browser),
    });
    expect(resent.statusCode, resent.body).toBe(200);
  });

  test('a reason label stored before the screen is screened when used: 422 PAYMENT_DEMAND as saving it would get; the submission stays pending', async () => {
    const { user } = await customerWithSubmission();
    const { submissionId } = (await openDetail(compliance.browser, user.id)).json();
    // Stored before the screen caught it (a reason of its own: the seeded ones serve other tests).
    const demand = 'D3posit $50 to unl0ck your withdrawals';
    await t.db.insert(verificationReasons).values({ code: 'deposit_first', label: demand });
    const saved = await compliance.browser.request({
      method: 'PUT',
      url: '/api/admin/verification-reasons/deposit_first',
      payload: { label: demand, active: true },
    });
    expect(saved.statusCode).toBe(422);

    const res = await decide(compliance.browser, user.id, {
      submissionId,
      decision: 'decline',
      reasonCode: 'deposit_first',
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual(saved.json());
    expect(await identityStatusOf(user.id)).toBe('pending');
    expect(await auditCount('verification.decline', user.id)).toBe(0);
    // Another reason still declines it.
    const other = await decide(compliance.browser, user.id, {
      submissionId,
      decision: 'decline',
      reasonCode: 'other',
    });
    expect(other.statusCode, other.body).toBe(200);
  });

  test('a reason must be an active one on the list', async () => {
    const { user } = await customerWithSubmission();
    const { submissionId } = (await openDetail(compliance.browser, user.id)).json();
    const unknown = await decide(compliance.browser, user.id, {
      submissionId,
      decision: 'decline',
      reasonCode: 'nope',
    });
    expect(unknown.statusCode).toBe(400);
    // A decline (or a request for a side again) must name one.
    const none = await decide(compliance.browser, user.id, { submissionId, decision: 'decline' });
    expect(none.statusCode).toBe(400);
    const noneForSide = await decide(compliance.browser, user.id, {
      submissionId,
      decision: 'resubmit',
      side: 'front',
    });
    expect(noneForSide.statusCode).toBe(400);
    expect(await identityStatusOf(user.id)).toBe('pending');
  });

  test('support and accountants cannot decide', async () => {
    const { user } = await customerWithSubmission();
    const [row] = await t.db
      .select()
      .from(identitySubmissions)
      .where(eq(identitySubmissions.userId, user.id));
    for (const staff of [support, accountant]) {
      const refused = await decide(staff.browser, user.id, {
        submissionId: row?.id,
        decision: 'approve',
        reason: CHECKED,
        reasonCode: 'other',
      });
      expect(refused.statusCode).toBe(403);
    }
  });
});

describe('duplicates and reasons', () => {
  test('other accounts with the same document number are listed', async () => {
    const a = await customerWithSubmission({ documentNumber: 'dup-777 x' });
    const b = await customerWithSubmission({ documentNumber: 'DUP-777X' });
    const detail = (await openDetail(compliance.browser, b.user.id)).json();
    expect(detail.duplicates).toEqual([{ userId: a.user.id, email: a.user.email }]);
    expect(detail).toMatchObject({ email: b.user.email, fullname: b.user.name, documentType: 'id_card' });
  });

  test('staff read the seeded reasons, add one and edit it (audited); support cannot', async () => {
    const list = (await support.browser.request({ method: 'GET', url: '/api/admin/verification-reasons' }))
      .statusCode;
    expect(list).toBe(403);
    const reasons = (
      await compliance.browser.request({ method: 'GET', url: '/api/admin/verification-reasons' })
    ).json();
    expect(reasons.items.map((r: { code: string }) => r.code)).toEqual(
      expect.arrayContaining(['unreadable', 'expired', 'name_mismatch', 'document_not_accepted', 'other']),
    );
    const created = await compliance.browser.post('/api/admin/verification-reasons', {
      code: 'glare',
      label: 'Glare',
    });
    expect(created.statusCode, created.body).toBe(200);
    const taken = await compliance.browser.post('/api/admin/verification-reasons', {
      code: 'glare',
      label: 'Glare',
    });
    expect(taken.statusCode).toBe(409);
    const edited = await compliance.browser.request({
      method: 'PUT',
      url: '/api/admin/verification-reasons/glare',
      payload: { label: 'Glare on the photo', active: false },
    });
    expect(edited.json()).toEqual({ code: 'glare', label: 'Glare on the photo', active: false });
    const [row] = await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.targetType, 'verification_reason'));
    expect(row?.n).toBe(2);
    const supportEdit = await support.browser.request({
      method: 'PUT',
      url: '/api/admin/verification-reasons/glare',
      payload: { label: 'x', active: true },
    });
    expect(supportEdit.statusCode).toBe(403);
  });

  test('a reason label asking the customer to pay is refused with 422 PAYMENT_DEMAND, added or edited', async () => {
    const demand = 'Pay the $50 verification fee to proceed';
    const created = await compliance.browser.post('/api/admin/verification-reasons', {
      code: 'fee',
      label: demand,
    });
    expect(created.statusCode).toBe(422);
    expect(created.json()).toEqual({ code: 'PAYMENT_DEMAND', message: paymentDemandMessage('a payment') });
    const edited = await compliance.browser.request({
      method: 'PUT',
      url: '/api/admin/verification-reasons/other',
      payload: { label: demand, active: true },
    });
    expect(edited.statusCode).toBe(422);
    expect(edited.json().code).toBe('PAYMENT_DEMAND');
    const reasons = (
      await compliance.browser.request({ method: 'GET', url: '/api/admin/verification-reasons' })
    ).json();
    expect(reasons.items.map((r: { label: string }) => r.label)).not.toContain(demand);
    expect(reasons.items.map((r: { code: string }) => r.code)).not.toContain('fee');
  });
});

/**
 * A reason for every identity approval (docs/decisions/061, after 044): the reviewer says why they
 * believe the document, in the audit log; a decline or a resubmission keeps its reason from the list.
 */
describe('an identity approval needs a reason', () => {
  const mailsOf = (userId: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId));
  const approvalsOf = (userId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'verification.approve'), eq(auditLog.subjectUserId, userId)));

  test('without one (missing, blank, or only a listed code) it is refused: still pending, nothing recorded', async () => {
    const { user } = await customerWithSubmission();
    const { submissionId } = (await openDetail(compliance.browser, user.id)).json();
    for (const extra of [{}, { reason: '  \n ' }, { reasonCode: 'other' }, { note: 'Welcome aboard' }]) {
      const res = await decide(compliance.browser, user.id, { submissionId, decision: 'approve', ...extra });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'reason: Reason is required' });
    }
    expect(await identityStatusOf(user.id)).toBe('pending');
    expect(await approvalsOf(user.id)).toEqual([]);
    expect(await mailsOf(user.id)).toEqual([]);
  });

  test('with one it approves; the audit row carries it, and the customer is not sent it', async () => {
    const { user } = await customerWithSubmission();
    const { submissionId } = (await openDetail(compliance.browser, user.id)).json();
    const reason = 'Photo and date of birth match the passport; MRZ checks out';
    const res = await decide(compliance.browser, user.id, {
      submissionId,
      decision: 'approve',
      reason: `  ${reason} `,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await identityStatusOf(user.id)).toBe('verified');
    const [row, ...more] = await approvalsOf(user.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ actorId: compliance.user.id, reason, after: { status: 'approved' } });
    const mails = await mailsOf(user.id);
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails)).not.toContain('MRZ');
  });

  test("staff read the approval's reason in the decision history; the customer's answers never carry it", async () => {
    const { user, browser } = await customerWithSubmission();
    const { submissionId } = (await openDetail(compliance.browser, user.id)).json();
    const reason = 'Face matches the selfie call; MRZ checks out';
    const decided = await decide(compliance.browser, user.id, {
      submissionId,
      decision: 'approve',
      reason,
      note: 'Welcome aboard',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().decision).toMatchObject({ status: 'approved', approvalReason: reason });
    for (const reader of [compliance.browser, admin.browser, owner.browser]) {
      const detail = (await openDetail(reader, user.id)).json();
      expect(detail.decision).toMatchObject({
        status: 'approved',
        approvalReason: reason,
        note: 'Welcome aboard',
        decidedBy: { id: compliance.user.id },
      });
    }
    const own = await browser.request({ method: 'GET', url: '/api/verifications/me' });
    expect(own.statusCode).toBe(200);
    expect(own.json().submissions[0]).toMatchObject({ status: 'approved', note: 'Welcome aboard' });
    expect(own.json().submissions[0]).not.toHaveProperty('approvalReason');
    expect(own.body).not.toContain('MRZ');
    const session = await browser.request({ method: 'GET', url: '/api/session' });
    expect(session.body).not.toContain('MRZ');
  });

  test('a decline and a resubmission have no approval reason in the history', async () => {
    for (const decision of ['decline', 'resubmit'] as const) {
      const { user } = await customerWithSubmission();
      const { submissionId } = (await openDetail(compliance.browser, user.id)).json();
      const res = await decide(compliance.browser, user.id, {
        submissionId,
        decision,
        reasonCode: 'unreadable',
        ...(decision === 'resubmit' ? { side: 'front' } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await openDetail(compliance.browser, user.id)).json().decision).toMatchObject({
        reasonCode: 'unreadable',
        approvalReason: null,
      });
    }
  });

  test('a reason longer than 500 characters is refused; a decline takes its reason from the list only', async () => {
    const { user } = await customerWithSubmission();
    const { submissionId } = (await openDetail(compliance.browser, user.id)).json();
    const long = await decide(compliance.browser, user.id, {
      submissionId,
      decision: 'approve',
      reason: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('reason: The reason can be at most 500 characters');
    const typed = await decide(compliance.browser, user.id, {
      submissionId,
      decision: 'decline',
      reasonCode: 'expired',
      reason: 'Looks expired to me',
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toBe(`reason: ${VERIFICATION_MESSAGES.reasonUnknown}`);
    expect(await identityStatusOf(user.id)).toBe('pending');
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { insertPendingDeposit, TEST_USDT_ADDRESS } from '../../test/deposits.ts';
import { insertSignedInUser, useSignedInUser } from '../../test/factories.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { makeImage, makePdf, multipartUpload } from '../../test/uploads.ts';

const t = useTestApp();
const admin = useSignedInUser(t, { role: 'admin' });

async function uploadProof(browser: Browser, kind: 'png' | 'pdf' = 'png') {
  const upload = multipartUpload(
    kind === 'png'
      ? { filename: 'proof.png', contentType: 'image/png', data: await makeImage('png') }
      : { filename: 'proof.pdf', contentType: 'application/pdf', data: makePdf() },
  );
  const res = await browser.request({ method: 'POST', url: '/api/deposits/proofs', ...upload });
  expect(res.statusCode).toBe(200);
  return res.json() as { fileId: string; url: string };
}

function readDeposit(browser: Browser, id: string) {
  return browser.request({ method: 'GET', url: `/api/deposits/${id}` });
}

describe('GET /api/deposits/:id: a deposit opened from the customer’s history', () => {
  test('the customer reads their own deposit with its address, decision and proof, and opens the proof', async () => {
    const { user, browser } = await insertSignedInUser(t);
    const proof = await uploadProof(browser);
    const decidedAt = new Date('2026-03-04T13:00:00.000Z');
    const row = await insertPendingDeposit(t.db, user.id, {
      proofFileId: proof.fileId,
      status: 'rejected',
      decisionReason: 'Nothing arrived at the address',
      decidedBy: admin.user.id,
      decidedAt,
    });

    const res = await readDeposit(browser, row.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: row.id,
      amount: '25.00',
      coin: 'usdt',
      cryptoAmount: '25.000000',
      rate: '1.00',
      rateSource: 'fixed',
      address: TEST_USDT_ADDRESS,
      transactionHash: null,
      status: 'rejected',
      decisionReason: 'Nothing arrived at the address',
      quoteExpiresAt: row.quoteExpiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      decidedAt: decidedAt.toISOString(),
      proof: { fileId: proof.fileId, url: proof.url, contentType: 'image/png' },
    });
    // Who decided stays with the staff: the customer's answer does not name them.
    expect(JSON.stringify(res.json())).not.toContain(admin.user.id);
    expect((await browser.request({ method: 'GET', url: proof.url })).statusCode).toBe(200);
  });

  test('a PDF proof is named as one, so the page offers it as a download', async () => {
    const { user, browser } = await insertSignedInUser(t);
    const proof = await uploadProof(browser, 'pdf');
    const row = await insertPendingDeposit(t.db, user.id, { proofFileId: proof.fileId });
    const res = await readDeposit(browser, row.id);
    expect(res.json().proof).toEqual({
      fileId: proof.fileId,
      url: proof.url,
      contentType: 'application/pdf',
    });
  });

  test('another customer’s deposit is 404, as an unknown one is; their proof stays closed too', async () => {
    const alice = await insertSignedInUser(t);
    const bob = await insertSignedInUser(t);
    const proof = await uploadProof(alice.browser);
    const row = await insertPendingDeposit(t.db, alice.user.id, { proofFileId: proof.fileId });

    for (const id of [row.id, randomUUID(), 'not-a-uuid']) {
      const res = await readDeposit(bob.browser, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Deposit not found' });
    }
    expect((await bob.browser.request({ method: 'GET', url: proof.url })).statusCode).toBe(404);
    expect((await readDeposit(alice.browser, row.id)).statusCode).toBe(200);
  });

  test('signed out, nothing is read', async () => {
    const { user } = await insertSignedInUser(t);
    const row = await insertPendingDeposit(t.db, user.id);
    const res = await t.app.inject({ method: 'GET', url: `/api/deposits/${row.id}` });
    expect(res.statusCode).toBe(401);
  });
});

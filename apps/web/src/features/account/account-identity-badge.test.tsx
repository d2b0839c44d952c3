import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { buildMe, mockApi, renderPages } from '../../test/render-page.tsx';
import { AccountPage } from './account-page.tsx';

function verification(status: 'unverified' | 'pending' | 'verified' | 'declined') {
  return {
    status: 200,
    body: {
      status,
      canSubmit: status === 'unverified' || status === 'declined',
      verifiedUntil: null,
      submissions: status === 'declined' ? [declinedSubmission] : [],
    },
  };
}

const declinedSubmission = {
  id: '00000000-0000-4000-8000-000000000001',
  documentType: 'passport',
  documentNumber: 'X1234567',
  documentExpiry: '2030-01-01',
  status: 'declined',
  reasonCode: 'blurred',
  note: null,
  resubmitSide: null,
  submittedAt: '2026-11-30T10:00:00.000Z',
  decidedAt: '2026-11-30T11:00:00.000Z',
  decisionReason: 'The photo is blurred',
  frontImageUrl: null,
  backImageUrl: null,
  frontFileId: null,
  backFileId: null,
};

function renderAccount() {
  return renderPages([{ path: '/account', component: AccountPage }], '/account', { me: buildMe() });
}

describe('the account page identity badge (seed §2)', () => {
  test.each([
    ['verified', 'Account Verified'],
    ['unverified', 'Not verified'],
    ['pending', 'Not verified (Pending review)'],
    ['declined', 'Not verified (Declined)'],
  ] as const)('%s reads "%s" and leads to /identity', async (status, text) => {
    mockApi({ 'GET /api/verifications/me': verification(status) });
    renderAccount();
    const profile = await screen.findByRole('region', { name: 'Profile' });
    const badge = await within(profile).findByRole('link', { name: text });
    expect(badge.getAttribute('href')).toBe('/identity');
  });

  test.each([
    ['verified', 'Account Verified'],
    ['pending', 'Pending review'],
    ['unverified', 'Upload your ID card to get verified.'],
    ['declined', 'Declined: The photo is blurred'],
  ] as const)('the Identity Verification tile of a %s account reads "%s"', async (status, text) => {
    mockApi({ 'GET /api/verifications/me': verification(status) });
    renderAccount();
    const nav = await screen.findByRole('navigation', { name: 'Account settings' });
    const tile = within(nav).getByRole('link', { name: /Identity Verification/ });
    await waitFor(() => expect(tile.textContent).toBe(`Identity Verification${text}`));
  });

  test("a staff account's page leads to no money or identity page (it holds no money, decision 062)", async () => {
    mockApi({});
    renderPages([{ path: '/account', component: AccountPage }], '/account', {
      me: buildMe({ role: 'admin' }),
    });
    const nav = await screen.findByRole('navigation', { name: 'Account settings' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/profile-pic', '/update-email', '/change-password']);
  });
});

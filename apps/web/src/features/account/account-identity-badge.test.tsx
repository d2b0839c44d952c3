import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { buildMe, mockApi, renderPages } from '../../test/render-page.tsx';
import { AccountPage } from './account-page.tsx';

function verification(status: 'unverified' | 'pending' | 'verified') {
  return {
    status: 200,
    body: { status, canSubmit: status === 'unverified', verifiedUntil: null, submissions: [] },
  };
}

function renderAccount() {
  return renderPages([{ path: '/account', component: AccountPage }], '/account', { me: buildMe() });
}

describe('the account page identity badge (seed §2)', () => {
  test.each([
    ['verified', 'Account Verified'],
    ['unverified', 'Not verified'],
    ['pending', 'Not verified (Pending review)'],
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
  ] as const)('the Identity Verification tile of a %s account reads "%s"', async (status, text) => {
    mockApi({ 'GET /api/verifications/me': verification(status) });
    renderAccount();
    const nav = await screen.findByRole('navigation', { name: 'Account settings' });
    const tile = within(nav).getByRole('link', { name: /Identity Verification/ });
    await waitFor(() => expect(tile.textContent).toBe(`Identity Verification${text}`));
  });
});

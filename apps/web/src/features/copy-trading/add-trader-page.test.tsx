import { DISPLAY_NAME_MAX_LENGTH } from '@candor/contracts/copy-trading';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { buildMe, mockApi, renderPages } from '../../test/render-page.tsx';
import { AddTraderPage } from './add-trader-page.tsx';

function renderPage(role: 'admin' | 'support' | 'compliance' | 'accountant') {
  const fetchMock = mockApi({});
  renderPages(
    [
      { path: '/add-trader', component: AddTraderPage },
      { path: '/copy-trader', component: () => <p>Copy Expert</p> },
    ],
    '/add-trader',
    { me: buildMe({ role }) },
  );
  return fetchMock;
}

// The paths the page asked for: the site's name (the document title) and, with the form, nothing more until it is sent.
function requestedPaths(fetchMock: ReturnType<typeof mockApi>): string[] {
  return [
    ...new Set(fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname)),
  ];
}

describe('AddTraderPage', () => {
  test.each([
    ['support', 'Support'],
    ['compliance', 'Compliance'],
    ['accountant', 'Accountant'],
  ] as const)(
    '%s, without copytrading.manage, is told plainly that its role cannot add traders, with no form',
    async (role, label) => {
      const fetchMock = renderPage(role);
      expect(await screen.findByRole('heading', { name: 'Add trader' })).toBeTruthy();
      expect(screen.getByText(`Your role (${label}) cannot add traders.`)).toBeTruthy();
      expect(screen.getByText('Only Owner or Admin can: ask one of them.')).toBeTruthy();
      expect(screen.queryByLabelText('Customer e-mail')).toBeNull();
      expect(screen.queryByRole('button', { name: 'ADD TRADER' })).toBeNull();
      expect(requestedPaths(fetchMock)).toEqual(['/api/settings']);
    },
  );

  test('an admin sees the form', async () => {
    renderPage('admin');
    expect(await screen.findByLabelText('Customer e-mail')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ADD TRADER' })).toBeTruthy();
    expect(screen.queryByText(/Your role .* cannot/)).toBeNull();
  });

  test('a pasted name longer than the limit is kept as pasted and said to be too long, not cut short', async () => {
    const fetchMock = renderPage('admin');
    const user = userEvent.setup();
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    await user.click(name);
    await user.paste('N'.repeat(DISPLAY_NAME_MAX_LENGTH + 20));
    expect(name.value).toHaveLength(DISPLAY_NAME_MAX_LENGTH + 20);
    await user.click(screen.getByRole('button', { name: 'ADD TRADER' }));
    expect(await screen.findByText(`At most ${DISPLAY_NAME_MAX_LENGTH} characters`)).toBeTruthy();
    expect(requestedPaths(fetchMock)).toEqual(['/api/settings']);
  });

  test('a name of only invisible characters (zero-width spaces, direction marks) is told it is required', async () => {
    renderPage('admin');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Name'));
    await user.paste(' \u200b\u2060\u202e ');
    await user.click(screen.getByRole('button', { name: 'ADD TRADER' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
  });
});

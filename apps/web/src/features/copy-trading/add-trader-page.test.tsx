import { screen } from '@testing-library/react';
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
});

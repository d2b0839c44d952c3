import { screen } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { installFakeEventSource } from '../../test/fake-event-source.ts';
import { buildMe, mockApi, renderPages } from '../../test/render-page.tsx';
import { DashboardPage } from './dashboard-page.tsx';
import { INACTIVE_MESSAGE } from './inactive-message.ts';

vi.mock('lightweight-charts', () => import('../../test/fake-lightweight-charts.ts'));

beforeEach(() => {
  installFakeEventSource();
  mockApi({});
});

test('a suspended account sees only the inactive message and its reason', async () => {
  renderPages([{ path: '/dashboard', component: DashboardPage }], '/dashboard', {
    me: buildMe({ status: 'suspended', statusReason: 'Documents under review' }),
  });
  expect(await screen.findByText(INACTIVE_MESSAGE)).toBeTruthy();
  expect(screen.getByText('Reason: Documents under review')).toBeTruthy();
  expect(screen.queryByText('TOTAL BALANCE')).toBeNull();
  expect(screen.queryByTestId('price-chart')).toBeNull();
});

test('an active account sees its three balance cards at $0.00 and the shortcuts', async () => {
  renderPages([{ path: '/dashboard', component: DashboardPage }], '/dashboard', { me: buildMe() });
  for (const label of ['TOTAL BALANCE', 'DEPOSIT BALANCE', 'PROFIT BALANCE']) {
    expect((await screen.findByRole('region', { name: label })).textContent).toContain('$0.00');
  }
  expect(screen.getByText('Live Account')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/deposit');
  expect(screen.queryByText(INACTIVE_MESSAGE)).toBeNull();
});

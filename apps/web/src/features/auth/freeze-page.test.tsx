import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { FreezePage } from './freeze-page.tsx';

const route = {
  path: '/freeze',
  component: FreezePage,
  validateSearch: z.object({ token: z.string().catch('') }),
};

describe('FreezePage', () => {
  test('opening the link posts its token once and says withdrawals are frozen', async () => {
    const fetchMock = mockApi({
      'POST /api/withdrawal-freezes': {
        status: 200,
        body: { message: 'Withdrawals are frozen and every session of the account has ended.' },
      },
      'GET /api/session': { status: 200, body: { user: null } },
    });
    renderPages([route], '/freeze?token=tok123');
    expect(
      await screen.findByText('Withdrawals are frozen and every session of the account has ended.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/withdrawal-freezes')).toEqual([{ token: 'tok123' }]);
  });

  test('a used link shows the server’s words', async () => {
    mockApi({
      'POST /api/withdrawal-freezes': {
        status: 400,
        body: { code: 'INVALID_TOKEN', message: 'This freeze link is invalid, expired or was already used.' },
      },
      'GET /api/session': { status: 200, body: { user: null } },
    });
    renderPages([route], '/freeze?token=used');
    expect(await screen.findByText('This freeze link is invalid, expired or was already used.')).toBeTruthy();
  });

  test('a link without a token calls nothing', async () => {
    const fetchMock = mockApi({ 'GET /api/session': { status: 200, body: { user: null } } });
    renderPages([route], '/freeze');
    expect(await screen.findByText('This freeze link is invalid, expired or was already used.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/withdrawal-freezes')).toEqual([]);
  });
});

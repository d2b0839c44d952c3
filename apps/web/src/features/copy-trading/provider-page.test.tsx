import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { buildMe, mockApi, renderPages } from '../../test/render-page.tsx';
import { ProviderPage } from './provider-page.tsx';

const ID = '5a4c0b8e-6c1f-4d5e-9a7b-0c1d2e3f4a5b';

function renderProvider(reply: { status: number; body: unknown }) {
  mockApi({ [`GET /api/strategy-providers/${ID}`]: reply });
  renderPages([{ path: '/copy-trader/$id', component: ProviderPage }], `/copy-trader/${ID}`, {
    me: buildMe(),
  });
}

test('a trader that does not exist is said so, with no Try again (it would find none either)', async () => {
  renderProvider({ status: 404, body: { code: 'NOT_FOUND', message: 'Trader not found' } });
  expect(await screen.findByText('Trader not found.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  expect(screen.getByRole('link', { name: /Copy Expert/ })).toBeTruthy();
});

test('a trader that could not be loaded offers Try again', async () => {
  renderProvider({ status: 503, body: { code: 'UNAVAILABLE', message: 'The service is unavailable' } });
  expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
});

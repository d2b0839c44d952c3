import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { WithdrawalSecurity } from './withdrawal-security.tsx';

const SECURITY_URL = '/api/admin/users/user-42/security';
const RELEASE_URL = '/api/admin/users/user-42/withdrawal-freeze/release';

function protection(frozen: boolean) {
  return {
    frozen,
    frozenAt: frozen ? '2026-03-01T10:00:00.000Z' : null,
    waitUntil: null,
    waitCause: null,
    message: null,
  };
}

test('a double click on Release freeze releases it once and says so once', async () => {
  let frozen = true;
  const fetchMock = mockApi({
    [`GET ${SECURITY_URL}`]: () => ({ status: 200, body: { protection: protection(frozen), events: [] } }),
    [`POST ${RELEASE_URL}`]: () => {
      if (!frozen) return { status: 409, body: { code: 'CONFLICT', message: 'Withdrawals are not frozen' } };
      frozen = false;
      return { status: 200, body: protection(false) };
    },
  });
  renderPages(
    [{ path: '/user/$id', component: () => <WithdrawalSecurity userId="user-42" /> }],
    '/user/user-42',
    { me: buildMe({ role: 'compliance' }) },
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Release freeze' }));
  const dialog = await screen.findByRole('dialog', { name: 'Release freeze' });
  await user.type(within(dialog).getByLabelText('Reason'), 'Confirmed by phone');
  const confirm = within(dialog).getByRole('button', { name: 'Release freeze' });
  // Two clicks in one moment, before the page can show that the first is under way.
  fireEvent.click(confirm);
  fireEvent.click(confirm);
  expect(await screen.findByText('The withdrawal freeze was released.')).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(callsTo(fetchMock, `POST ${RELEASE_URL}`)).toEqual([{ reason: 'Confirmed by phone' }]);
  expect(screen.queryByText('Withdrawals are not frozen')).toBeNull();
});

test("a staff account's freeze (from its days as a customer) is shown without Release freeze, which the server refuses", async () => {
  const fetchMock = mockApi({
    [`GET ${SECURITY_URL}`]: { status: 200, body: { protection: protection(true), events: [] } },
  });
  renderPages(
    [{ path: '/user/$id', component: () => <WithdrawalSecurity userId="user-42" staffAccount /> }],
    '/user/user-42',
    { me: buildMe({ role: 'owner' }) },
  );
  const status = await screen.findByText(/^Withdrawals frozen/);
  expect(status.textContent).toBe(
    'Withdrawals frozen since 2026-03-01 10:00 UTC, from the account’s time as a customer. Staff accounts hold no money: the freeze stays, and applies again if the account becomes a customer’s.',
  );
  expect(screen.queryByRole('button', { name: 'Release freeze' })).toBeNull();
  expect(callsTo(fetchMock, `POST ${RELEASE_URL}`)).toEqual([]);
});

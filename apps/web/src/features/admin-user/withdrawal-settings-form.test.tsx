import type { WithdrawalSettings } from '@candor/contracts/withdrawal-settings';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { WithdrawalSettingsPanel } from './withdrawal-settings-form.tsx';

const ID = 'user-42';
const GET_URL = `GET /api/admin/users/${ID}/withdrawal-settings`;
const PUT_URL = `PUT /api/admin/users/${ID}/withdrawal-settings`;
const OFF: WithdrawalSettings = { holdEnabled: false, holdReason: null, requireCode: false, updatedAt: null };

function renderPanel() {
  return renderPages(
    [{ path: '/user/$id', component: () => <WithdrawalSettingsPanel userId={ID} /> }],
    `/user/${ID}`,
    {
      me: buildMe({ role: 'admin' }),
    },
  );
}

function checked(name: string, group: string): boolean {
  const radios = screen.getAllByRole('radio', { name }) as HTMLInputElement[];
  const radio = radios.find((candidate) => candidate.closest('fieldset')?.textContent?.startsWith(group));
  if (!radio) throw new Error(`no ${name} in ${group}`);
  return radio.checked;
}

async function choose(name: string, group: string) {
  const radios = (await screen.findAllByRole('radio', { name })) as HTMLInputElement[];
  const radio = radios.find((candidate) => candidate.closest('fieldset')?.textContent?.startsWith(group));
  if (!radio) throw new Error(`no ${name} in ${group}`);
  await userEvent.setup().click(radio);
}

describe('WithdrawalSettingsPanel', () => {
  test('shows the current settings, with the hold reason only while a hold is enabled', async () => {
    mockApi({
      [GET_URL]: {
        status: 200,
        body: {
          holdEnabled: true,
          holdReason: 'Pending KYC',
          requireCode: true,
          updatedAt: '2026-01-15T09:30:00.000Z',
        },
      },
    });
    renderPanel();
    const reason = (await screen.findByLabelText('Reason shown to the customer')) as HTMLTextAreaElement;
    expect(reason.value).toBe('Pending KYC');
    expect(checked('Enable', 'Withdrawal hold')).toBe(true);
    expect(checked('Enable', 'Require e-mail confirmation code')).toBe(true);

    await choose('Disable', 'Withdrawal hold');
    expect(screen.queryByLabelText('Reason shown to the customer')).toBeNull();
  });

  test('a hold needs a reason: nothing is sent without one', async () => {
    const fetchMock = mockApi({ [GET_URL]: { status: 200, body: OFF } });
    renderPanel();
    await choose('Enable', 'Withdrawal hold');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update Settings' }));
    expect(await screen.findByText('A reason is required to hold withdrawals')).toBeTruthy();
    expect(callsTo(fetchMock, PUT_URL)).toEqual([]);
  });

  test('saves a hold with its reason and the code requirement, and confirms with the seed toast', async () => {
    const fetchMock = mockApi({
      [GET_URL]: { status: 200, body: OFF },
      [PUT_URL]: ({ body }) => ({
        status: 200,
        body: { ...(body as object), updatedAt: '2026-03-01T12:00:00.000Z' },
      }),
    });
    renderPanel();
    await choose('Enable', 'Withdrawal hold');
    await userEvent
      .setup()
      .type(screen.getByLabelText('Reason shown to the customer'), 'Source of funds check');
    await choose('Enable', 'Require e-mail confirmation code');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update Settings' }));

    expect(await screen.findByText('Withdrawal settings updated successfully')).toBeTruthy();
    expect(callsTo(fetchMock, PUT_URL)).toEqual([
      { holdEnabled: true, holdReason: 'Source of funds check', requireCode: true },
    ]);
  });

  test('turning the hold off sends no reason', async () => {
    const fetchMock = mockApi({
      [GET_URL]: { status: 200, body: { ...OFF, holdEnabled: true, holdReason: 'Old reason' } },
      [PUT_URL]: ({ body }) => ({
        status: 200,
        body: { ...(body as object), holdReason: null, updatedAt: null },
      }),
    });
    renderPanel();
    await choose('Disable', 'Withdrawal hold');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update Settings' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, PUT_URL)).toEqual([
        { holdEnabled: false, holdReason: '', requireCode: false },
      ]),
    );
  });

  test('a failure says "Failed to update withdrawal settings"', async () => {
    mockApi({
      [GET_URL]: { status: 200, body: OFF },
      [PUT_URL]: { status: 500, body: { code: 'INTERNAL', message: 'Internal Server Error' } },
    });
    renderPanel();
    await choose('Enable', 'Require e-mail confirmation code');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update Settings' }));
    expect(await screen.findByText('Failed to update withdrawal settings')).toBeTruthy();
  });

  test('the administrator never sees or sets a code', async () => {
    mockApi({ [GET_URL]: { status: 200, body: { ...OFF, requireCode: true } } });
    renderPanel();
    await screen.findByRole('button', { name: 'Update Settings' });
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
  });
});

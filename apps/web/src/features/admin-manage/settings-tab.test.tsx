import { APPROVAL_MESSAGES, APPROVAL_REASON_MAX_LENGTH } from '@candor/contracts/approvals';
import { UPLOAD_MESSAGES } from '@candor/contracts/files';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { buildApproval } from '../../test/approvals.ts';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { SettingsTab } from './settings-tab.tsx';

const SETTINGS = {
  siteName: 'Candor',
  faviconUrl: null,
  supportEmail: null,
  minWithdrawal: '10.00',
  withdrawalPercent: '2.50',
  fourEyesThreshold: '1000.00',
  withdrawalsNeedVerifiedIdentity: true,
  unverifiedDepositLimit: '1000.00',
  unverifiedWithdrawalLimit: '0.00',
  declinedIdRetentionDays: 30,
  approvedIdRetentionYears: 5,
  defaultForexSpreadPips: '2.0',
  defaultOtherSpreadPercent: '0.20',
  defaultMaxLeverage: 100,
  updatedAt: '2026-01-15T09:30:00.000Z',
  pendingThresholdChange: null,
  pendingIdentityChange: null,
  pendingLimitsChange: null,
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

// jsdom decodes no images: the browser's decoder stands in.
beforeEach(() => {
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => ({ close: () => undefined })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSettings() {
  return renderPages([{ path: '/all-user', component: SettingsTab }], '/all-user', {
    me: buildMe({ role: 'admin' }),
  });
}

async function replace(label: string, value: string) {
  const user = userEvent.setup({ delay: null });
  const field = await screen.findByLabelText(label);
  await user.clear(field);
  if (value) await user.type(field, value);
}

describe('SettingsTab', () => {
  test('the threshold says that manual adjustments and desk trades of the last 24 hours count together', async () => {
    mockApi({ 'GET /api/admin/settings': { status: 200, body: SETTINGS } });
    renderSettings();
    await screen.findByLabelText('Second approval above (USD)');
    expect(
      screen.getByText(
        /a manual adjustment or desk trade that takes the customer's manual adjustments and desk trades of the last 24 hours above it/,
      ),
    ).toBeTruthy();
  });

  test('beside the threshold: four-eyes applies once a second staff member who can approve exists', async () => {
    const kinds = {
      adjustment: false,
      withdrawal_approval: false,
      wallet_change: false,
      four_eyes_threshold: false,
      desk_trade: false,
      identity_for_withdrawals: false,
      unverified_limits: false,
    };
    mockApi({
      'GET /api/admin/settings': { status: 200, body: SETTINGS },
      'GET /api/admin/approvals/second-deciders': { status: 200, body: { kinds } },
    });
    renderSettings();
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain(
      'Four-eyes applies once a second staff member who can approve exists.',
    );
    // In the threshold's own section.
    expect(note.closest('section')?.querySelector('h2')?.textContent).toBe('Four-eyes approval');
  });

  test('shows the current settings, then refuses an empty name and out-of-range numbers', async () => {
    const fetchMock = mockApi({ 'GET /api/admin/settings': { status: 200, body: SETTINGS } });
    renderSettings();
    expect(((await screen.findByLabelText('Site name')) as HTMLInputElement).value).toBe('Candor');
    expect((screen.getByLabelText(/Minimum withdrawal/) as HTMLInputElement).value).toBe('10.00');

    await replace('Site name', '');
    await replace('Minimum withdrawal (USD)', '-5');
    await replace('Withdrawal percentage (%)', '150');
    await replace('Second approval above (USD)', '-1');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Site name is required')).toBeTruthy();
    expect(screen.getByText('Second approval threshold cannot be negative')).toBeTruthy();
    expect(screen.getByText('Minimum withdrawal cannot be negative')).toBeTruthy();
    expect(screen.getByText('Withdrawal percentage must be between 0 and 100')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toEqual([]);

    await replace('Withdrawal percentage (%)', '2.555');
    expect(await screen.findByText('Withdrawal percentage can have at most 2 decimals')).toBeTruthy();
  });

  test('saves the values, confirms with the seed toast and refreshes the shared settings', async () => {
    const saved = {
      ...SETTINGS,
      siteName: 'Northwind Markets',
      minWithdrawal: '25.00',
      withdrawalPercent: '1.00',
      fourEyesThreshold: '500.00',
    };
    let current = SETTINGS;
    const fetchMock = mockApi({
      'GET /api/admin/settings': () => ({ status: 200, body: current }),
      'PUT /api/admin/settings': () => {
        current = saved;
        return { status: 200, body: { ...saved, thresholdChange: 'applied' } };
      },
    });
    const { queryClient } = renderSettings();
    await replace('Site name', '  Northwind Markets ');
    await replace('Minimum withdrawal (USD)', '25');
    await replace('Withdrawal percentage (%)', '1');
    expect((screen.getByLabelText('Second approval above (USD)') as HTMLInputElement).value).toBe('1000.00');
    await replace('Second approval above (USD)', '500');
    await replace('Reason for a threshold change', 'Auditor asked for a lower limit');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Site settings updated successfully!')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toEqual([
      {
        siteName: 'Northwind Markets',
        supportEmail: '',
        minWithdrawal: '25',
        withdrawalPercent: '1',
        fourEyesThreshold: '500',
        fourEyesReason: 'Auditor asked for a lower limit',
        withdrawalsNeedVerifiedIdentity: true,
        identityReason: '',
        unverifiedDepositLimit: '1000.00',
        unverifiedWithdrawalLimit: '0.00',
        limitsReason: '',
        declinedIdRetentionDays: 30,
        approvedIdRetentionYears: 5,
        defaultForexSpreadPips: '2.0',
        defaultOtherSpreadPercent: '0.20',
        defaultMaxLeverage: 100,
      },
    ]);
    expect((screen.getByLabelText('Second approval above (USD)') as HTMLInputElement).value).toBe('500.00');
    expect(queryClient.getQueryData<typeof saved>(['settings'])?.siteName).toBe('Northwind Markets');
    expect((screen.getByLabelText('Minimum withdrawal (USD)') as HTMLInputElement).value).toBe('25.00');
  });

  test('the support e-mail: a wrong address is refused beside the field, a right one is saved and read by every page', async () => {
    const saved = { ...SETTINGS, supportEmail: 'help@northwind.test' };
    const fetchMock = mockApi({
      'GET /api/admin/settings': { status: 200, body: SETTINGS },
      'PUT /api/admin/settings': { status: 200, body: { ...saved, thresholdChange: 'unchanged' } },
    });
    const { queryClient } = renderSettings();
    const user = userEvent.setup({ delay: null });
    expect((await screen.findByLabelText('Support e-mail')).getAttribute('value') ?? '').toBe('');
    await replace('Support e-mail', 'help at northwind');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Enter a valid e-mail address, or leave it empty')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toEqual([]);

    await replace('Support e-mail', 'help@northwind.test');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Site settings updated successfully!')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toMatchObject([
      { supportEmail: 'help@northwind.test' },
    ]);
    expect(queryClient.getQueryData<typeof saved>(['settings'])?.supportEmail).toBe('help@northwind.test');
  });

  test('the identity verification limits: shown, refused when negative, saved with the box unticked', async () => {
    const saved = {
      ...SETTINGS,
      withdrawalsNeedVerifiedIdentity: false,
      unverifiedDepositLimit: '500.00',
      unverifiedWithdrawalLimit: '250.00',
    };
    const fetchMock = mockApi({
      'GET /api/admin/settings': { status: 200, body: SETTINGS },
      'PUT /api/admin/settings': {
        status: 200,
        body: { ...saved, thresholdChange: 'unchanged', identityChange: 'applied' },
      },
    });
    renderSettings();
    const box = (await screen.findByLabelText('Withdrawals need a verified identity')) as HTMLInputElement;
    expect(box.checked).toBe(true);
    const deposit = 'Largest deposit of an unverified account in 30 days (USD)';
    const withdrawal = 'Largest withdrawal of an unverified account in 30 days (USD)';
    expect((screen.getByLabelText(deposit) as HTMLInputElement).value).toBe('1000.00');
    expect((screen.getByLabelText(withdrawal) as HTMLInputElement).value).toBe('0.00');

    await replace(deposit, '-1');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Unverified deposit limit cannot be negative')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toEqual([]);

    await replace(deposit, '500');
    await replace(withdrawal, '250');
    await replace('Reason for a limit change', 'Fewer deposits, some withdrawals');
    await userEvent.setup().click(box);
    await replace('Reason for this change', 'Unverified accounts may withdraw up to the limit');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Site settings updated successfully!')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toEqual([
      expect.objectContaining({
        withdrawalsNeedVerifiedIdentity: false,
        identityReason: 'Unverified accounts may withdraw up to the limit',
        unverifiedDepositLimit: '500',
        unverifiedWithdrawalLimit: '250',
        limitsReason: 'Fewer deposits, some withdrawals',
      }),
    ]);
  });

  test('the retention of identity documents: shown, refused out of range, saved as numbers', async () => {
    const saved = { ...SETTINGS, declinedIdRetentionDays: 60, approvedIdRetentionYears: 7 };
    const fetchMock = mockApi({
      'GET /api/admin/settings': { status: 200, body: SETTINGS },
      'PUT /api/admin/settings': { status: 200, body: { ...saved, thresholdChange: 'unchanged' } },
    });
    renderSettings();
    const days = 'Erase declined ID images after (days)';
    const years = 'Keep approved identity records of closed accounts for (years)';
    expect(((await screen.findByLabelText(days)) as HTMLInputElement).value).toBe('30');
    expect((screen.getByLabelText(years) as HTMLInputElement).value).toBe('5');

    await replace(years, '0');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Approved ID retention must be between 1 and 50 years')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toEqual([]);

    await replace(days, '60');
    await replace(years, '7');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Site settings updated successfully!')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toEqual([
      expect.objectContaining({ declinedIdRetentionDays: 60, approvedIdRetentionYears: 7 }),
    ]);
  });

  test("the default trading terms: shown, refused like a package's, saved", async () => {
    const saved = {
      ...SETTINGS,
      defaultForexSpreadPips: '1.5',
      defaultOtherSpreadPercent: '0.10',
      defaultMaxLeverage: 50,
    };
    const fetchMock = mockApi({
      'GET /api/admin/settings': { status: 200, body: SETTINGS },
      'PUT /api/admin/settings': { status: 200, body: { ...saved, thresholdChange: 'unchanged' } },
    });
    renderSettings();
    const pips = 'Forex spread (pips)';
    const percent = 'Crypto and stock spread (%)';
    const leverage = 'Maximum leverage (largest lot size)';
    expect(((await screen.findByLabelText(pips)) as HTMLInputElement).value).toBe('2.0');
    expect((screen.getByLabelText(percent) as HTMLInputElement).value).toBe('0.20');
    expect((screen.getByLabelText(leverage) as HTMLInputElement).value).toBe('100');

    await replace(pips, '1.25');
    await replace(percent, '12');
    await replace(leverage, '0');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Enter pips as a number with at most one decimal, such as 1.2'),
    ).toBeTruthy();
    expect(screen.getByText('At most 10%')).toBeTruthy();
    expect(screen.getByText('Default maximum leverage must be between 1 and 1000')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toEqual([]);

    await replace(pips, '1.5');
    await replace(percent, '0.1');
    await replace(leverage, '50');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Site settings updated successfully!')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toEqual([
      expect.objectContaining({
        defaultForexSpreadPips: '1.5',
        defaultOtherSpreadPercent: '0.1',
        defaultMaxLeverage: 50,
      }),
    ]);
  });

  test('uploads a chosen favicon before saving the other values', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/settings': { status: 200, body: SETTINGS },
      'POST /api/admin/settings/favicon': { status: 200, body: { ...SETTINGS, faviconUrl: '/api/files/f1' } },
      'PUT /api/admin/settings': {
        status: 200,
        body: { ...SETTINGS, faviconUrl: '/api/files/f1', thresholdChange: 'unchanged' },
      },
    });
    renderSettings();
    const user = userEvent.setup();
    await user.upload(
      await screen.findByLabelText('Favicon'),
      new File([new Uint8Array(PNG_SIGNATURE)], 'icon.png', { type: 'image/png' }),
    );
    expect(await screen.findByAltText('Preview of the new favicon')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Site settings updated successfully!')).toBeTruthy();
    const order = fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toHaveLength(1);
    expect(order.indexOf('POST /api/admin/settings/favicon')).toBeGreaterThan(-1);
    expect(order.indexOf('POST /api/admin/settings/favicon')).toBeLessThan(
      order.indexOf('PUT /api/admin/settings'),
    );
  });

  test('a favicon that is not a picture, whatever its name, is refused beside the field with no preview', async () => {
    const fetchMock = mockApi({ 'GET /api/admin/settings': { status: 200, body: SETTINGS } });
    renderSettings();
    await userEvent
      .setup()
      .upload(
        await screen.findByLabelText('Favicon'),
        new File(['just some text'], 'icon.png', { type: 'image/png' }),
      );
    expect(await screen.findByText(UPLOAD_MESSAGES.notAnImage)).toBeTruthy();
    expect(screen.queryByAltText('Preview of the new favicon')).toBeNull();
    expect(screen.getByAltText('Current favicon')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/admin/settings/favicon')).toEqual([]);
  });

  test('a refused update names the server message', async () => {
    mockApi({
      'GET /api/admin/settings': { status: 200, body: SETTINGS },
      'PUT /api/admin/settings': { status: 403, body: { code: 'FORBIDDEN', message: 'Administrators only' } },
    });
    renderSettings();
    await screen.findByLabelText('Site name');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Failed to update site settings: Administrators only')).toBeTruthy();
  });

  test('raising the threshold needs a reason, then waits: the other fields are saved and the waiting change is shown', async () => {
    const waiting = buildApproval({
      kind: 'four_eyes_threshold',
      userId: null,
      email: null,
      amount: null,
      direction: null,
      thresholdChange: { before: '1000.00', after: '0.00' },
      maker: { id: 'me', name: 'Mona Maker', role: 'admin' },
      makerReason: 'Month-end batch of refunds',
    });
    const saved = { ...SETTINGS, siteName: 'Northwind Markets', pendingThresholdChange: waiting };
    const fetchMock = mockApi({
      'GET /api/admin/settings': { status: 200, body: SETTINGS },
      'PUT /api/admin/settings': { status: 200, body: { ...saved, thresholdChange: 'awaiting_approval' } },
    });
    renderSettings();
    await replace('Site name', 'Northwind Markets');
    await replace('Second approval above (USD)', '0');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Reason is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toEqual([]);

    await replace('Reason for a threshold change', 'Month-end batch of refunds');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Awaiting second approval', { selector: '[data-sonner-toast] *' }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'The other settings were saved. The threshold in force stays until a second staff member approves the change on the Approvals tab.',
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toEqual([
      expect.objectContaining({
        siteName: 'Northwind Markets',
        fourEyesThreshold: '0',
        fourEyesReason: 'Month-end batch of refunds',
      }),
    ]);
    const panel = within(screen.getByRole('region', { name: 'Threshold change awaiting approval' }));
    expect(panel.getByText('Mona Maker (Admin)')).toBeTruthy();
    expect(panel.getByText('“Month-end batch of refunds”')).toBeTruthy();
    expect(panel.getByRole('columnheader', { name: 'In force' })).toBeTruthy();
    expect(panel.getByText('$1,000.00')).toBeTruthy();
    expect(panel.getByText('Off ($0.00)')).toBeTruthy();
    expect(panel.getByText('Turns four-eyes off')).toBeTruthy();
    const threshold = screen.getByLabelText('Second approval above (USD)') as HTMLInputElement;
    expect(threshold.value).toBe('1000.00');
    expect(threshold.readOnly).toBe(true);
    expect(screen.queryByLabelText('Reason for a threshold change')).toBeNull();
  });

  test('turning off "withdrawals need a verified identity" needs a reason, then waits: the box stays ticked and the waiting change is shown', async () => {
    const waiting = buildApproval({
      kind: 'identity_for_withdrawals',
      userId: null,
      email: null,
      amount: null,
      direction: null,
      identityRuleChange: { before: true, after: false },
      maker: { id: 'me', name: 'Mona Maker', role: 'admin' },
      makerReason: 'Launch in a market without ID checks',
    });
    const saved = { ...SETTINGS, pendingIdentityChange: waiting };
    const fetchMock = mockApi({
      'GET /api/admin/settings': { status: 200, body: SETTINGS },
      'PUT /api/admin/settings': {
        status: 200,
        body: { ...saved, thresholdChange: 'unchanged', identityChange: 'awaiting_approval' },
      },
    });
    renderSettings();
    const user = userEvent.setup();
    expect(screen.queryByLabelText('Reason for this change')).toBeNull();
    await user.click(await screen.findByLabelText('Withdrawals need a verified identity'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Reason is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toEqual([]);

    await replace('Reason for this change', 'Launch in a market without ID checks');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Awaiting second approval', { selector: '[data-sonner-toast] *' }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'The other settings were saved. Withdrawals still need a verified identity until a second staff member approves turning it off on the Approvals tab.',
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toEqual([
      expect.objectContaining({
        withdrawalsNeedVerifiedIdentity: false,
        identityReason: 'Launch in a market without ID checks',
      }),
    ]);
    const panel = within(
      screen.getByRole('region', { name: 'Identity requirement change awaiting approval' }),
    );
    expect(panel.getByText('Mona Maker (Admin)')).toBeTruthy();
    expect(panel.getByText('“Launch in a market without ID checks”')).toBeTruthy();
    expect(panel.getByRole('columnheader', { name: 'In force' })).toBeTruthy();
    expect(panel.getByText('On: withdrawals need a verified identity')).toBeTruthy();
    const box = screen.getByLabelText('Withdrawals need a verified identity') as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
    expect(screen.queryByLabelText('Reason for this change')).toBeNull();
  });

  test('raising a limit of unverified accounts needs a reason, then waits: the limits in force stay, read-only, and the waiting change is shown', async () => {
    const waiting = buildApproval({
      kind: 'unverified_limits',
      userId: null,
      email: null,
      amount: null,
      direction: null,
      limitsChange: {
        before: { deposit: '1000.00', withdrawal: '0.00' },
        after: { deposit: '5000.00', withdrawal: '0.00' },
      },
      maker: { id: 'me', name: 'Mona Maker', role: 'admin' },
      makerReason: 'Larger first deposits for the launch',
    });
    const saved = { ...SETTINGS, pendingLimitsChange: waiting };
    const fetchMock = mockApi({
      'GET /api/admin/settings': { status: 200, body: SETTINGS },
      'PUT /api/admin/settings': {
        status: 200,
        body: {
          ...saved,
          thresholdChange: 'unchanged',
          identityChange: 'unchanged',
          limitsChange: 'awaiting_approval',
        },
      },
    });
    renderSettings();
    const user = userEvent.setup();
    const deposit = 'Largest deposit of an unverified account in 30 days (USD)';
    await screen.findByLabelText(deposit);
    // The same amount written another way is no change: no reason asked.
    await replace(deposit, '1000');
    expect(screen.queryByLabelText('Reason for a limit change')).toBeNull();
    await replace(deposit, '5000');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Reason is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toEqual([]);

    await replace('Reason for a limit change', 'Larger first deposits for the launch');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Awaiting second approval', { selector: '[data-sonner-toast] *' }),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'The other settings were saved. The unverified account limits in force stay until a second staff member approves raising them on the Approvals tab.',
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toEqual([
      expect.objectContaining({
        unverifiedDepositLimit: '5000',
        limitsReason: 'Larger first deposits for the launch',
      }),
    ]);
    const panel = within(screen.getByRole('region', { name: 'Limit change awaiting approval' }));
    expect(panel.getByText('Mona Maker (Admin)')).toBeTruthy();
    expect(panel.getByText('“Larger first deposits for the launch”')).toBeTruthy();
    expect(panel.getByRole('columnheader', { name: 'In force' })).toBeTruthy();
    expect(panel.getByText('$1,000.00')).toBeTruthy();
    expect(panel.getByText('$5,000.00')).toBeTruthy();
    const field = screen.getByLabelText(deposit) as HTMLInputElement;
    expect(field.value).toBe('1000.00');
    expect(field.readOnly).toBe(true);
    expect(
      (
        screen.getByLabelText(
          'Largest withdrawal of an unverified account in 30 days (USD)',
        ) as HTMLInputElement
      ).readOnly,
    ).toBe(true);
    expect(screen.queryByLabelText('Reason for a limit change')).toBeNull();
  });

  test('other fields save without a reason while the threshold stays as it is', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/settings': { status: 200, body: SETTINGS },
      'PUT /api/admin/settings': { status: 200, body: { ...SETTINGS, thresholdChange: 'unchanged' } },
    });
    renderSettings();
    await replace('Second approval above (USD)', '1000');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Site settings updated successfully!')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toEqual([
      expect.objectContaining({ fourEyesThreshold: '1000', fourEyesReason: '' }),
    ]);
  });

  test('a reason for a threshold change: a long paste is kept and said to be too long; invisible characters alone are no reason', async () => {
    const fetchMock = mockApi({ 'GET /api/admin/settings': { status: 200, body: SETTINGS } });
    renderSettings();
    await replace('Second approval above (USD)', '0');
    const user = userEvent.setup();
    const reason = (await screen.findByLabelText('Reason for a threshold change')) as HTMLTextAreaElement;
    await user.click(reason);
    await user.paste('r'.repeat(APPROVAL_REASON_MAX_LENGTH + 50));
    expect(reason.value).toHaveLength(APPROVAL_REASON_MAX_LENGTH + 50);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(APPROVAL_MESSAGES.reasonTooLong)).toBeTruthy();

    await user.clear(reason);
    await user.paste(' \u200b\u2060\u202e ');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Reason is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/settings')).toEqual([]);
  });
});

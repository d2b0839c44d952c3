import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { buildMe, mockApi, renderPages, requestedUrls } from '../../test/render-page.tsx';
import { AccountAuditHistory } from './account-audit-history.tsx';
import { AuditLogTab } from './audit-log-tab.tsx';

function entry(seq: number, overrides: object = {}) {
  return {
    seq,
    createdAt: '2026-03-04T12:00:00.000Z',
    actor: { id: 'staff-1', role: 'accountant', name: 'Andy Accountant', email: 'andy@example.com' },
    approver: null,
    action: 'withdrawal.approve',
    targetType: 'withdrawal',
    targetId: `w-${seq}`,
    subject: { id: 'cust-1', name: 'Ada Customer', email: 'ada@example.com' },
    reason: null,
    before: { status: 'pending', amount: '150.00' },
    after: { status: 'approved', amount: '150.00' },
    ...overrides,
  };
}

const VERIFIED = { status: 200, body: { ok: true, rows: 1234 } };

function renderTab() {
  return renderPages([{ path: '/all-user', component: AuditLogTab }], '/all-user?tab=audit', {
    me: buildMe({ role: 'owner' }),
  });
}

describe('the Audit log tab', () => {
  test('says prominently that the chain verifies, and lists who did what to whom, newest first', async () => {
    mockApi({
      'GET /api/admin/audit/verification': VERIFIED,
      'GET /api/admin/audit': {
        status: 200,
        body: {
          items: [
            entry(2, {
              action: 'staff.create',
              actor: { id: 'o', role: 'owner', name: 'Olivia Owner', email: 'olivia@example.com' },
              subject: { id: 'sam', name: 'Sam Support', email: 'sam@example.com' },
              before: null,
              after: { role: 'support', email: 'sam@example.com' },
            }),
            entry(1, {
              reason: 'Checked the address',
              actor: { id: 'cli', role: 'operator', name: null, email: null },
            }),
          ],
          nextBefore: null,
        },
      },
    });
    renderTab();
    expect((await screen.findByText('Chain verified: 1,234 rows')).closest('[role="status"]')).toBeTruthy();
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('Olivia Owner')).toBeTruthy();
    expect(first.getByText('olivia@example.com')).toBeTruthy();
    expect(first.getByText('Owner')).toBeTruthy();
    expect(first.getByText('Staff member added')).toBeTruthy();
    expect(first.getByText('Sam Support')).toBeTruthy();
    const second = within(rows[1] as HTMLElement);
    expect(second.getByText('Command line')).toBeTruthy();
    expect(second.getByText('Operator')).toBeTruthy();
    expect(second.getByText('Reason: Checked the address')).toBeTruthy();

    // A row opens to its target and its before and after.
    const user = userEvent.setup();
    const toggle = second.getByRole('button');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(second.getByText('withdrawal w-1')).toBeTruthy();
    expect(second.getByText('Before')).toBeTruthy();
    expect(second.getByText('pending')).toBeTruthy();
    expect(second.getByText('approved')).toBeTruthy();
  });

  test("a customer's own action on record (a cancelled withdrawal closing its approval) names them as the customer, not by the role's code", async () => {
    mockApi({
      'GET /api/admin/audit/verification': VERIFIED,
      'GET /api/admin/audit': {
        status: 200,
        body: {
          items: [
            entry(1, {
              action: 'approval.cancel',
              targetType: 'approval',
              actor: { id: 'cust-1', role: 'client', name: 'Ada Customer', email: 'ada@example.com' },
              reason: 'The customer cancelled the withdrawal',
              before: { status: 'awaiting', kind: 'withdrawal_approval', amount: '1500.00' },
              after: { status: 'cancelled', cancelledBy: 'customer' },
            }),
          ],
          nextBefore: null,
        },
      },
    });
    renderTab();
    const [row] = await screen.findAllByRole('listitem');
    const only = within(row as HTMLElement);
    // The actor's role, beside the Customer column's label (shown on a phone).
    expect(only.getAllByText('Customer')).toHaveLength(2);
    expect(only.queryByText('client')).toBeNull();
    expect(only.getByText('Second approval request cancelled')).toBeTruthy();
    expect(only.getByText('Reason: The customer cancelled the withdrawal')).toBeTruthy();
  });

  test('a long staff name and the e-mail addresses wrap on a phone rather than being cut short', async () => {
    mockApi({
      'GET /api/admin/audit/verification': VERIFIED,
      'GET /api/admin/audit': {
        status: 200,
        body: {
          items: [
            entry(1, {
              actor: {
                id: 'maria',
                role: 'compliance',
                name: 'Compliance Officer Maria',
                email: 'compliance-officer-maria@example.com',
              },
            }),
          ],
          nextBefore: null,
        },
      },
    });
    renderTab();
    const row = within(await screen.findByRole('listitem'));
    // jsdom lays nothing out: what is checked is that no text of who acted, or on whom, is truncated.
    for (const text of [
      'Compliance Officer Maria',
      'compliance-officer-maria@example.com',
      'Ada Customer',
      'ada@example.com',
    ]) {
      const element = row.getByText(text);
      expect(element.className).not.toMatch(/\btruncate\b/);
      expect(element.className).toMatch(/\bbreak-(words|all)\b/);
    }
    expect(row.getByText('Compliance Officer Maria').parentElement?.className).toMatch(/\bflex-wrap\b/);
  });

  test('a long reason is cut to one line on the closed row and shown whole once the row is opened', async () => {
    const reason =
      `Customer called twice; ${'the identity was checked against the passport on file. '.repeat(8)}`.trim();
    mockApi({
      'GET /api/admin/audit/verification': VERIFIED,
      'GET /api/admin/audit': { status: 200, body: { items: [entry(1, { reason })], nextBefore: null } },
    });
    renderTab();
    const row = within(await screen.findByRole('listitem'));
    const shown = row.getByText(`Reason: ${reason}`);
    expect(shown.className).toMatch(/\btruncate\b/);
    await userEvent.setup().click(row.getByRole('button'));
    expect(row.getByText(`Reason: ${reason}`).className).not.toMatch(/\btruncate\b/);
  });

  test('names the first bad row when the chain does not verify', async () => {
    mockApi({
      'GET /api/admin/audit/verification': {
        status: 200,
        body: { ok: false, rows: 41, firstBadSeq: 42, problem: 'row 42 (deposit.approve, id x) was changed' },
      },
      'GET /api/admin/audit': { status: 200, body: { items: [], nextBefore: null } },
    });
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Chain broken at row 42')).toBeTruthy();
    expect(
      within(alert).getByText(
        /row 42 \(deposit\.approve, id x\) was changed\. The 41 rows before it verify\./,
      ),
    ).toBeTruthy();
    expect(await screen.findByText('No audit rows found.')).toBeTruthy();
  });

  test('filters on the server, pages by keyset (Older, Newer), and exports the same filter as CSV', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/audit/verification': VERIFIED,
      'GET /api/admin/audit': ({ url }) => {
        const before = url.searchParams.get('before');
        return {
          status: 200,
          body: before
            ? { items: [entry(3)], nextBefore: null }
            : { items: [entry(30), entry(29)], nextBefore: 29 },
        };
      },
    });
    renderTab();
    await screen.findByText('Page 1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Page 2');
    expect(requestedUrls(fetchMock, '/api/admin/audit').at(-1)?.searchParams.get('before')).toBe('29');
    expect((screen.getByRole('button', { name: 'Older' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    await screen.findByText('Page 1');

    await user.type(screen.getByLabelText('Staff member'), 'andy@example.com');
    await user.type(screen.getByLabelText('Customer'), 'cust-1');
    await user.selectOptions(screen.getByLabelText('Kind'), 'Withdrawals');
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      const last = requestedUrls(fetchMock, '/api/admin/audit').at(-1);
      expect(Object.fromEntries(last?.searchParams ?? [])).toEqual({
        actor: 'andy@example.com',
        subject: 'cust-1',
        kind: 'withdrawal.',
        from: '2026-03-01',
      });
    });
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/audit/export.csv?actor=andy%40example.com&subject=cust-1&kind=withdrawal.&from=2026-03-01',
    );
  });

  test('a date range that ends before it starts is said so under To, and nothing is asked', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/audit/verification': VERIFIED,
      'GET /api/admin/audit': { status: 200, body: { items: [entry(30)], nextBefore: null } },
    });
    renderTab();
    await screen.findByText('Page 1');
    const asked = requestedUrls(fetchMock, '/api/admin/audit').length;
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('From'), '2026-03-10');
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The To date is before the From date.');
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(requestedUrls(fetchMock, '/api/admin/audit')).toHaveLength(asked);

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-03-12');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      const last = requestedUrls(fetchMock, '/api/admin/audit').at(-1);
      expect(Object.fromEntries(last?.searchParams ?? [])).toEqual({ from: '2026-03-10', to: '2026-03-12' });
    });
  });
});

describe('the account audit history', () => {
  test('lists the rows whose subject is this customer', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/audit': {
        status: 200,
        body: {
          items: [entry(5, { action: 'user.adjustment', reason: 'Goodwill credit' })],
          nextBefore: null,
        },
      },
    });
    renderPages(
      [{ path: '/user/$id', component: () => <AccountAuditHistory userId="cust-1" /> }],
      '/user/cust-1',
      {
        me: buildMe({ role: 'compliance' }),
      },
    );
    expect(await screen.findByText('Manual adjustment')).toBeTruthy();
    expect(screen.getByText('Reason: Goodwill credit')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Audit history' })).toBeTruthy();
    expect(requestedUrls(fetchMock, '/api/admin/audit')[0]?.searchParams.get('subject')).toBe('cust-1');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });
});

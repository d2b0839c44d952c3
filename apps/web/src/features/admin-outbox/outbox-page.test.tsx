import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { recordId } from '../../test/record-id.ts';
import { buildMe, mockApi, renderPages, requestedUrls } from '../../test/render-page.tsx';
import { OutboxPage } from './outbox-page.tsx';

const item = (n: number, to = `user${n}@example.com`) => ({
  id: recordId(n),
  to,
  subject: `Message ${n}`,
  createdAt: '2026-01-15T09:30:00.000Z',
  status: 'kept',
  attempts: 0,
  lastError: null,
  nextAttemptAt: null,
  sentAt: null,
});

function renderOutbox(
  url = '/admin/outbox',
  role: 'admin' | 'support' | 'compliance' | 'accountant' = 'admin',
) {
  return renderPages([{ path: '/admin/outbox', component: OutboxPage }], url, {
    me: buildMe({ role }),
  });
}

// StrictMode mounts twice and React Query aborts and repeats a fetch whose page left: compare the distinct requests.
function distinct(values: (string | null)[]): (string | null)[] {
  return [...new Set(values)];
}

describe('OutboxPage', () => {
  test.each([
    ['compliance', 'Compliance'],
    ['accountant', 'Accountant'],
  ] as const)(
    '%s, without outbox.read, is told its role cannot read the log; nothing is asked of the server',
    async (role, label) => {
      const fetchMock = mockApi({});
      renderOutbox('/admin/outbox', role);
      expect(await screen.findByRole('heading', { name: 'Delivery log' })).toBeTruthy();
      expect(screen.getByText(`Your role (${label}) cannot read the delivery log.`)).toBeTruthy();
      expect(screen.getByText('Only Owner, Admin or Support can: ask one of them.')).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(screen.queryByLabelText('Search by email')).toBeNull();
      expect(requestedUrls(fetchMock, '/api/admin/outbox')).toEqual([]);
    },
  );

  test('support, with outbox.read, reads the log', async () => {
    mockApi({
      'GET /api/admin/outbox': { status: 200, body: { items: [item(1)], page: 1, pageCount: 1, total: 1 } },
    });
    renderOutbox('/admin/outbox', 'support');
    expect(await screen.findByText('Message 1')).toBeTruthy();
    expect(screen.queryByText(/Your role .* cannot/)).toBeNull();
  });

  test('pages through the messages with Previous and Next', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/outbox': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        return { status: 200, body: { items: [item(page)], page, pageCount: 2, total: 21 } };
      },
    });
    const { router } = renderOutbox();
    expect(await screen.findByText('Message 1')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Message 2')).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    expect(router.state.location.search).toEqual({ page: 2 });
    expect(
      distinct(requestedUrls(fetchMock, '/api/admin/outbox').map((url) => url.searchParams.get('page'))),
    ).toEqual(['1', '2']);
  });

  test('searches by e-mail on the server once typing pauses, from the first page', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/outbox': ({ url }) => {
        const search = url.searchParams.get('search');
        return search
          ? { status: 200, body: { items: [], page: 1, pageCount: 0, total: 0 } }
          : { status: 200, body: { items: [item(1), item(2)], page: 1, pageCount: 1, total: 2 } };
      },
    });
    renderOutbox('/admin/outbox?page=1');
    await screen.findByText('Message 1');

    await userEvent.setup().type(screen.getByLabelText('Search by email'), 'nobody@');

    expect(await screen.findByText('No e-mail sent yet.')).toBeTruthy();
    const searches = distinct(
      requestedUrls(fetchMock, '/api/admin/outbox').map((url) => url.searchParams.get('search')),
    );
    // One request for the page, one for the finished search: no request per keystroke.
    expect(searches).toEqual([null, 'nobody@']);
  });

  test('each row shows its delivery: kept, sent, retrying with the SMTP error, failed; no message opens', async () => {
    mockApi({
      'GET /api/admin/outbox': {
        status: 200,
        body: {
          items: [
            item(1),
            { ...item(2), status: 'sent', attempts: 1, sentAt: '2026-01-15T09:30:01.000Z' },
            {
              ...item(3),
              status: 'retrying',
              attempts: 2,
              lastError: 'EAUTH: Invalid login: 535 Authentication failed',
              nextAttemptAt: '2026-01-15T09:40:00.000Z',
            },
            { ...item(4), status: 'failed', attempts: 5, lastError: 'ESOCKET: connect ECONNREFUSED' },
          ],
          page: 1,
          pageCount: 1,
          total: 4,
        },
      },
    });
    renderOutbox();
    expect(await screen.findByRole('heading', { name: 'Delivery log' })).toBeTruthy();
    expect(await screen.findByText('Kept (no SMTP)')).toBeTruthy();
    expect(screen.getByText('Sent')).toBeTruthy();
    expect(screen.getByText('Retrying')).toBeTruthy();
    expect(screen.getByText('SMTP error: EAUTH: Invalid login: 535 Authentication failed')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText('Given up after 5 attempts')).toBeTruthy();
    expect(screen.queryAllByRole('link', { name: /Message \d/ })).toEqual([]);
  });

  test("kept e-mails, to a staff member as to a customer, are said once to be in their addressee's Messages", async () => {
    mockApi({
      'GET /api/admin/outbox': {
        status: 200,
        body: { items: [item(1, 'compliance@candor.example'), item(2)], page: 1, pageCount: 1, total: 2 },
      },
    });
    renderOutbox();
    // Said once above the rows, not on each of them.
    expect(
      await screen.findAllByText(
        "Kept (no SMTP): not sent, as no SMTP server is configured; each is kept in its addressee's Messages.",
      ),
    ).toHaveLength(1);
    expect(screen.getAllByText('Kept (no SMTP)')).toHaveLength(2);
    expect(screen.queryByText(/The customer reads it/)).toBeNull();
    expect(screen.getByText(/What a message says \(a code, a link\) is its addressee's alone/)).toBeTruthy();
  });
});

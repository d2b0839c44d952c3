import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { recordId } from '../../test/record-id.ts';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { MessagePage } from './message-page.tsx';
import { MessagesPage } from './messages-page.tsx';
import { MessagesSearchSchema } from './messages-search.ts';

const item = (n: number, read = false) => ({
  id: recordId(n),
  to: 'ada@example.com',
  subject: `Message ${n}`,
  createdAt: '2026-01-15T09:30:00.000Z',
  read,
});

function renderMessages(url = '/messages') {
  return renderPages(
    [
      { path: '/messages', component: MessagesPage, validateSearch: MessagesSearchSchema },
      { path: '/messages/$id', component: MessagePage },
    ],
    url,
    { me: buildMe() },
  );
}

describe('MessagesPage', () => {
  test('an empty list says so', async () => {
    mockApi({ 'GET /api/messages': { status: 200, body: { items: [], page: 1, pageCount: 1, total: 0 } } });
    renderMessages();
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
  });

  test('unread messages are marked; a row opens its message, which is then marked read', async () => {
    const fetchMock = mockApi({
      'GET /api/messages': {
        status: 200,
        body: { items: [item(2), item(1, true)], page: 1, pageCount: 1, total: 2 },
      },
      [`GET /api/messages/${recordId(2)}`]: {
        status: 200,
        body: {
          id: recordId(2),
          to: 'ada@example.com',
          subject: 'Message 2',
          text: 'Your code:\n\n123456\n\nOpen https://candor.example/withdrawals',
          createdAt: '2026-01-15T09:30:00.000Z',
          readAt: null,
        },
      },
      [`POST /api/messages/${recordId(2)}/read`]: { status: 204 },
    });
    const { router } = renderMessages();
    expect(await screen.findByRole('link', { name: 'Message 2 (unread)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Message 1' })).toBeTruthy();
    // "(unread)" is for screen readers only: on a phone it would eat the cut subject's room.
    const unread = within(screen.getByRole('link', { name: 'Message 2 (unread)' })).getByText('(unread)');
    expect(unread.className).toContain('sr-only');

    await userEvent.setup().click(screen.getByRole('link', { name: 'Message 2 (unread)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/messages/${recordId(2)}`));
    expect(await screen.findByRole('heading', { name: 'Message 2' })).toBeTruthy();
    expect(screen.getByText(/123456/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://candor.example/withdrawals' })).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, `POST /api/messages/${recordId(2)}/read`)).toHaveLength(1));
  });

  test('a message already read is not marked again; an unknown one is not found', async () => {
    const fetchMock = mockApi({
      [`GET /api/messages/${recordId(1)}`]: {
        status: 200,
        body: {
          id: recordId(1),
          to: 'ada@example.com',
          subject: 'Old',
          text: 'old text',
          createdAt: '2026-01-15T09:30:00.000Z',
          readAt: '2026-01-15T10:00:00.000Z',
        },
      },
    });
    renderMessages(`/messages/${recordId(1)}`);
    expect(await screen.findByText('old text')).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/messages/${recordId(1)}/read`)).toEqual([]);
  });

  test('a message that is not yours is not found', async () => {
    mockApi({});
    renderMessages(`/messages/${recordId(9)}`);
    expect(await screen.findByText('Message not found.')).toBeTruthy();
  });

  test('a long subject wraps in its row, whole, instead of being cut short (a phone shows all of it)', async () => {
    const subject = 'Candor: copy stop-loss reached, you no longer copy Northern Lights Macro Strategies';
    mockApi({
      'GET /api/messages': {
        status: 200,
        body: { items: [{ ...item(1), subject }], page: 1, pageCount: 1, total: 1 },
      },
    });
    renderMessages();
    const link = await screen.findByRole('link', { name: `${subject} (unread)` });
    const classes = link.className.split(' ');
    expect(classes).not.toContain('truncate');
    expect(classes).toContain('wrap-anywhere');
    // The unread dot keeps to the subject's first line.
    expect(link.parentElement?.className.split(' ')).toContain('items-start');
  });
});

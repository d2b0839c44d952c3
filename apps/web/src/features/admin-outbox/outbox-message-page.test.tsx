import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { buildMe, mockApi, renderPages } from '../../test/render-page.tsx';
import { OutboxMessagePage } from './outbox-message-page.tsx';

const ID = '00000000-0000-4000-8000-000000000001';

function renderMessage() {
  return renderPages([{ path: '/admin/outbox/$id', component: OutboxMessagePage }], `/admin/outbox/${ID}`, {
    me: buildMe({ role: 'admin' }),
  });
}

describe('OutboxMessagePage', () => {
  test('shows the text part with its links clickable and never renders the HTML part', async () => {
    mockApi({
      [`GET /api/admin/outbox/${ID}`]: {
        status: 200,
        body: {
          id: ID,
          to: 'ada@example.com',
          subject: 'Verify your e-mail',
          text: 'Hello <b>Ada</b>,\nopen http://localhost:3000/verify-email?token=abc. Thanks',
          html: '<p>Hello <b id="from-html">Ada</b></p><img src=x onerror="alert(1)">',
          createdAt: '2026-01-15T09:30:00.000Z',
        },
      },
    });
    const { container } = renderMessage();

    expect(await screen.findByRole('heading', { name: 'Verify your e-mail' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'http://localhost:3000/verify-email?token=abc' });
    expect(link.getAttribute('href')).toBe('http://localhost:3000/verify-email?token=abc');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    const body = container.querySelector('pre');
    expect(body?.textContent).toBe(
      'Hello <b>Ada</b>,\nopen http://localhost:3000/verify-email?token=abc. Thanks',
    );
    expect(container.querySelector('b, img, #from-html')).toBeNull();
  });

  test('an unknown message says so', async () => {
    mockApi({});
    renderMessage();
    expect(await screen.findByText('Message not found.')).toBeTruthy();
  });
});

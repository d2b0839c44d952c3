import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Pagination } from './pagination.tsx';

afterEach(cleanup);

const button = (name: 'Previous' | 'Next') => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('Pagination', () => {
  test('on the first page only Previous is disabled', () => {
    render(<Pagination page={1} loaded={{ page: 1, pageCount: 3 }} onPage={() => undefined} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' }).textContent).toContain('Page 1 of 3');
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);
  });

  test('on the last page only Next is disabled', () => {
    render(<Pagination page={3} loaded={{ page: 3, pageCount: 3 }} onPage={() => undefined} />);
    expect(button('Previous').disabled).toBe(false);
    expect(button('Next').disabled).toBe(true);
  });

  test('an empty list reads "Page 1 of 1" and cannot move', () => {
    render(<Pagination page={1} loaded={{ page: 1, pageCount: 0 }} onPage={() => undefined} />);
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(true);
  });

  test('Previous and Next ask for the pages around the one asked for, not the one on screen', async () => {
    const onPage = vi.fn();
    render(<Pagination page={3} loaded={{ page: 2, pageCount: 5 }} onPage={onPage} loading />);
    expect(screen.getByText('Page 2 of 5')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(button('Next'));
    await user.click(button('Previous'));
    expect(onPage.mock.calls).toEqual([[4], [2]]);
  });

  test('while a page loads a spinner shows, and Next waits only when told to', () => {
    const { container, rerender } = render(
      <Pagination page={2} loaded={{ page: 1, pageCount: 3 }} onPage={() => undefined} loading />,
    );
    expect(container.querySelector('p svg')).not.toBeNull();
    expect(button('Next').disabled).toBe(false);

    rerender(
      <Pagination page={2} loaded={{ page: 1, pageCount: 3 }} onPage={() => undefined} loading waitForPage />,
    );
    expect(button('Next').disabled).toBe(true);

    rerender(<Pagination page={2} loaded={{ page: 2, pageCount: 3 }} onPage={() => undefined} waitForPage />);
    expect(container.querySelector('p svg')).toBeNull();
    expect(button('Next').disabled).toBe(false);
  });

  test('announces the page only when asked to', () => {
    const { rerender } = render(
      <Pagination page={1} loaded={{ page: 1, pageCount: 2 }} onPage={() => undefined} />,
    );
    expect(screen.getByText('Page 1 of 2').getAttribute('aria-live')).toBeNull();
    rerender(<Pagination page={1} loaded={{ page: 1, pageCount: 2 }} onPage={() => undefined} announce />);
    expect(screen.getByText('Page 1 of 2').getAttribute('aria-live')).toBe('polite');
  });
});

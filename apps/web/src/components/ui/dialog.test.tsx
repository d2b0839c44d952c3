import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Dialog, DialogButtons } from './dialog.tsx';

afterEach(cleanup);

function renderDialog(busy: boolean, onCancel = vi.fn()) {
  render(
    <Dialog title="Reject deposit" busy={busy} onCancel={onCancel}>
      <form onSubmit={(event) => event.preventDefault()}>
        <DialogButtons
          busy={busy}
          onCancel={onCancel}
          confirmLabel="Reject deposit"
          busyLabel="Rejecting..."
          variant="danger"
        />
      </form>
    </Dialog>,
  );
  return onCancel;
}

describe('Dialog', () => {
  test('is a modal dialog named by its title; Escape and Cancel cancel it', async () => {
    const onCancel = renderDialog(false);
    const dialog = screen.getByRole('dialog', { name: 'Reject deposit' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    fireEvent.keyDown(window, { key: 'Escape' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  test('while busy, Escape does nothing and both buttons wait', () => {
    const onCancel = renderDialog(true);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Rejecting...' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

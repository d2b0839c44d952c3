import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ConfirmButtons, Dialog, DialogButtons } from './dialog.tsx';

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

/** A page with a button that opens a dialog with a field. */
function PageWithDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Apply for loan
      </button>
      <a href="/elsewhere">A link behind the dialog</a>
      {open ? (
        <Dialog title="Apply for a loan" busy={false} onCancel={() => setOpen(false)}>
          <form onSubmit={(event) => event.preventDefault()}>
            <label>
              Amount <input />
            </label>
            <DialogButtons
              busy={false}
              onCancel={() => setOpen(false)}
              confirmLabel="Proceed"
              busyLabel="Sending..."
              variant="primary"
            />
          </form>
        </Dialog>
      ) : null}
    </>
  );
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

  test('takes the focus when it opens, keeps Tab inside, and gives the focus back when it closes', async () => {
    render(<PageWithDialog />);
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Apply for loan' });
    opener.focus();
    await user.keyboard('{Enter}');
    // Its first field has the focus, not the button behind it.
    expect(document.activeElement).toBe(screen.getByLabelText('Amount'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Proceed' }));
    // Past the last control, Tab comes back to the first, never to the page behind.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Amount'));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Proceed' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  test('a confirmation with no field gives the focus to Cancel, not to the button that confirms', () => {
    renderDialog(false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  test('the second click of a double click (the one that opened it) neither confirms nor cancels', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <Dialog title="Confirm manual adjustment" busy={false} onCancel={onCancel}>
        <ConfirmButtons
          busy={false}
          onCancel={onCancel}
          onConfirm={onConfirm}
          confirmLabel="Credit $1.00"
          busyLabel="Applying..."
          variant="primary"
        />
      </Dialog>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Credit $1.00' }), { detail: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }), { detail: 2 });
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
    // A click of its own (or Enter, detail 0) still does.
    fireEvent.click(screen.getByRole('button', { name: 'Credit $1.00' }), { detail: 1 });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }), { detail: 0 });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

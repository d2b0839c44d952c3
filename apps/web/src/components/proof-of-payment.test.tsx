import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ProofOfPayment } from './proof-of-payment.tsx';
import { Dialog } from './ui/dialog.tsx';

afterEach(cleanup);

const FILE = '00000000-0000-4000-8000-000000000002';
const image = { fileId: FILE, url: `/api/files/${FILE}`, contentType: 'image/jpeg' };
const pdf = { ...image, contentType: 'application/pdf' };

describe('ProofOfPayment', () => {
  test('a picture is not a link to a bare tab: it enlarges in a dialog, fitted, with the original a link away', async () => {
    render(<ProofOfPayment proof={image} label="Proof of payment from ada@example.com" />);
    const user = userEvent.setup();
    const preview = screen.getByRole('img', { name: 'Proof of payment from ada@example.com' });
    expect(preview.getAttribute('src')).toBe(image.url);
    expect(preview.closest('a')).toBeNull();

    const enlarge = screen.getByRole('button', { name: 'Enlarge: Proof of payment from ada@example.com' });
    enlarge.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Proof of payment' });
    const enlarged = within(dialog).getByRole('img', { name: 'Proof of payment from ada@example.com' });
    expect(enlarged.getAttribute('src')).toBe(image.url);
    // Fitted to the window both ways, never cropped.
    expect(enlarged.className).toContain('max-h-[65vh]');
    expect(enlarged.className).toContain('max-w-full');
    expect(enlarged.className).toContain('object-contain');
    const original = within(dialog).getByRole('link', { name: /Open the original/ });
    expect(original.getAttribute('href')).toBe(image.url);
    expect(original.getAttribute('target')).toBe('_blank');
    expect(original.getAttribute('rel')).toBe('noreferrer');
    // It opens on Close, not on the link to a new tab.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(enlarge);
  });

  test('a picture that cannot be shown says so in the dialog', async () => {
    render(<ProofOfPayment proof={image} label="Your proof of payment" />);
    await userEvent.setup().click(screen.getByRole('button', { name: /Enlarge/ }));
    const dialog = screen.getByRole('dialog', { name: 'Proof of payment' });
    within(dialog).getByRole('img').dispatchEvent(new Event('error'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The proof of payment could not be shown. Please try again later.',
    );
  });

  test('a PDF is offered as a download (the server sends it as an attachment), not as a picture', () => {
    render(<ProofOfPayment proof={pdf} label="Your proof of payment" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('PDF document')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download the PDF' });
    expect(link.getAttribute('href')).toBe(pdf.url);
    expect(link.getAttribute('download')).toBe(`proof-of-payment-${FILE}.pdf`);
    expect(link.getAttribute('target')).toBeNull();
  });

  test('enlarged from a dialog, Escape closes the picture only, then the dialog under it', async () => {
    const onDone = vi.fn();
    render(
      <Dialog title="Deposit details" busy={false} onCancel={onDone}>
        <ProofOfPayment proof={image} label="Your proof of payment" />
      </Dialog>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Enlarge/ }));
    expect(screen.getAllByRole('dialog')).toHaveLength(2);

    // Tab stays among the picture dialog's own controls.
    const viewer = screen.getByRole('dialog', { name: 'Proof of payment' });
    await user.tab();
    expect(document.activeElement).toBe(within(viewer).getByRole('link', { name: /Open the original/ }));
    await user.tab();
    expect(document.activeElement).toBe(within(viewer).getByRole('button', { name: 'Close' }));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Proof of payment' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Deposit details' })).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onDone).toHaveBeenCalledOnce();
  });
});

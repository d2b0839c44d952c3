import { paymentDemandMessage } from '@candor/contracts/staff-texts';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ReasonDialog } from './reason-dialog.tsx';

afterEach(cleanup);

function renderDialog(readBy: 'customer' | 'staff', { optional = false } = {}) {
  const onConfirm = vi.fn();
  render(
    <ReasonDialog
      title="Reject deposit"
      description="No money moves."
      busyLabel="Rejecting..."
      requiredMessage={optional ? undefined : 'Reason is required'}
      maxLength={500}
      readBy={readBy}
      busy={false}
      onCancel={vi.fn()}
      onConfirm={onConfirm}
    />,
  );
  return onConfirm;
}

/** Zero-width space, word joiner, right-to-left override, byte-order mark: nothing a reader sees. */
const INVISIBLE = ' \u200b\u2060\u202e\ufeff ';

const DEMAND = 'Pay the $300 release fee to unlock your withdrawal';

describe('ReasonDialog', () => {
  test('a reason the customer reads that asks them to pay is refused beside the field; nothing is sent', async () => {
    const onConfirm = renderDialog('customer');
    await userEvent.type(screen.getByLabelText('Reason'), DEMAND);
    await userEvent.click(screen.getByRole('button', { name: 'Reject deposit' }));
    expect(screen.getByText(paymentDemandMessage('a payment'))).toBeTruthy();
    expect(screen.getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  test('an honest reason for the customer is sent, trimmed', async () => {
    const onConfirm = renderDialog('customer');
    await userEvent.type(screen.getByLabelText('Reason'), '  Duplicate deposit ');
    await userEvent.click(screen.getByRole('button', { name: 'Reject deposit' }));
    expect(onConfirm).toHaveBeenCalledWith('Duplicate deposit');
  });

  test('a pasted reason longer than the limit is kept whole, said to be too long, and not sent', async () => {
    const onConfirm = renderDialog('staff');
    const user = userEvent.setup();
    const field = screen.getByLabelText('Reason') as HTMLTextAreaElement;
    field.focus();
    await user.paste('x'.repeat(600));
    expect(field.value).toHaveLength(600);
    expect(screen.getByText('The reason can be at most 500 characters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reject deposit' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onConfirm).not.toHaveBeenCalled();

    await user.type(field, '{Backspace>100/}');
    expect(screen.queryByText('The reason can be at most 500 characters')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reject deposit' }));
    expect(onConfirm).toHaveBeenCalledWith('x'.repeat(500));
  });

  test('a reason only staff read is not screened', async () => {
    const onConfirm = renderDialog('staff');
    await userEvent.type(screen.getByLabelText('Reason'), DEMAND);
    await userEvent.click(screen.getByRole('button', { name: 'Reject deposit' }));
    expect(onConfirm).toHaveBeenCalledWith(DEMAND);
  });

  test('a reason of only invisible characters (zero-width spaces, direction marks) is missing: nothing is sent', async () => {
    const onConfirm = renderDialog('staff');
    const user = userEvent.setup();
    screen.getByLabelText('Reason').focus();
    await user.paste(INVISIBLE);
    await user.click(screen.getByRole('button', { name: 'Reject deposit' }));
    expect(screen.getByText('Reason is required')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  test('an optional note of only invisible characters is sent empty, as no note', async () => {
    const onConfirm = renderDialog('staff', { optional: true });
    const user = userEvent.setup();
    screen.getByLabelText('Note (optional)').focus();
    await user.paste(INVISIBLE);
    await user.click(screen.getByRole('button', { name: 'Reject deposit' }));
    expect(onConfirm).toHaveBeenCalledWith('');
  });
});

import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** In the open dialog `title`, types `reason` and confirms with the button `confirm`, as a person would. */
export async function confirmWithReason(
  user: UserEvent,
  title: string,
  reason: string,
  confirm = 'Approve',
): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name: title });
  await user.type(within(dialog).getByLabelText('Reason'), reason);
  await user.click(within(dialog).getByRole('button', { name: confirm }));
  return dialog;
}

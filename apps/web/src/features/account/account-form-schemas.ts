import {
  ChangeEmailRequestSchema,
  ChangePasswordRequestSchema,
  SAME_EMAIL_MESSAGE,
  SAME_PASSWORD_MESSAGE,
} from '@candor/contracts/auth';
import { z } from 'zod';

/**
 * Change password (seed-spec §5): current, new and its confirmation. The confirmation stays in the
 * browser; it is checked even while other fields still have issues, so all messages show at once.
 */
export const ChangePasswordFormSchema = ChangePasswordRequestSchema.extend({
  confirmPassword: z.string(),
})
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    when: () => true,
  })
  .refine((v) => v.newPassword === '' || v.newPassword !== v.currentPassword, {
    message: SAME_PASSWORD_MESSAGE,
    path: ['newPassword'],
    when: () => true,
  });
export type ChangePasswordForm = z.input<typeof ChangePasswordFormSchema>;

/** Update email (seed-spec §5): the contract's fields, and not the current address (the server's words). */
export function changeEmailFormSchema(currentEmail: string) {
  return ChangeEmailRequestSchema.refine((v) => v.newEmail.toLowerCase() !== currentEmail.toLowerCase(), {
    message: SAME_EMAIL_MESSAGE,
    path: ['newEmail'],
  });
}

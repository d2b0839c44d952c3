import { CompletePasswordResetRequestSchema, SignUpRequestSchema } from '@candor/contracts/auth';
import { z } from 'zod';

/**
 * The public forms: the contract's request schemas plus the browser-only confirmation field.
 * The confirmation is checked even while other fields still have issues, so every message shows
 * on the first submit (seed-spec §5).
 */
export const SignUpFormSchema = SignUpRequestSchema.extend({
  confirmPassword: z.string(),
}).refine((v) => v.password === v.confirmPassword, {
  message: 'password does not match',
  path: ['confirmPassword'],
  when: () => true,
});

export const NewPasswordFormSchema = z
  .object({ newPassword: CompletePasswordResetRequestSchema.shape.newPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
    when: () => true,
  });

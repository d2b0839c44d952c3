import { z } from 'zod';
import { customerText } from './staff-texts.ts';

export const HOLD_REASON_MAX_LENGTH = 500;

/**
 * A customer's withdrawal settings (PRODUCT.md §2, Admin user details): a withdrawal hold with the
 * reason the customer sees, and whether each request needs a code e-mailed to the customer.
 * Administrators never see or set a code.
 */
export const WithdrawalSettingsSchema = z
  .object({
    holdEnabled: z.boolean(),
    holdReason: z.string().nullable(),
    requireCode: z.boolean(),
    updatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'WithdrawalSettings' });
export type WithdrawalSettings = z.infer<typeof WithdrawalSettingsSchema>;

export const UpdateWithdrawalSettingsRequestSchema = z
  .object({
    holdEnabled: z.boolean(),
    holdReason: customerText(
      z.string().trim().max(HOLD_REASON_MAX_LENGTH, 'The reason can be at most 500 characters'),
    ).default(''),
    requireCode: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.holdEnabled && value.holdReason.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['holdReason'],
        message: 'A reason is required to hold withdrawals',
      });
    }
  })
  .meta({ id: 'UpdateWithdrawalSettingsRequest' });
export type UpdateWithdrawalSettingsRequest = z.infer<typeof UpdateWithdrawalSettingsRequestSchema>;

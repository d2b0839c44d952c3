import { z } from 'zod';

export const HOLD_REASON_MAX_LENGTH = 500;

/**
 * The refusal (422 PAYMENT_DEMAND) of a text staff write for a customer about their money (a hold's
 * reason, a withdrawal rejection's, a suspension's) that asks the customer to pay: PRODUCT.md §1.3,
 * the platform never asks a customer to pay anything in order to withdraw.
 */
export const paymentDemandMessage = (words: string) =>
  `A customer never pays anything to withdraw, so this text cannot ask them for a payment ("${words}").`;

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
    holdReason: z
      .string()
      .trim()
      .max(HOLD_REASON_MAX_LENGTH, 'The reason can be at most 500 characters')
      .default(''),
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

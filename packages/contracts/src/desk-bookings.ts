import { z } from 'zod';
import { AdminTradeSchema } from './admin-trades.ts';
import { ApprovalSchema, FourEyesNoteSchema } from './approvals.ts';

/** What a desk booking did (docs/decisions/054). */
export const DESK_BOOKING_STATES = ['proposed', 'awaiting_approval'] as const;

/**
 * The answer to POST /api/admin/users/:id/trades. `state` says what happened: 'proposed' (the
 * customer is mailed the proposal, `trade`), or 'awaiting_approval' when the result's size is above
 * the four-eyes threshold (nothing reaches the customer; `approval` is the request a second staff
 * member decides).
 */
export const DeskBookingSchema = z
  .object({
    state: z.enum(DESK_BOOKING_STATES),
    trade: AdminTradeSchema.nullable(),
    approval: ApprovalSchema.nullable(),
    /** 'no_second_decider': above the threshold, but carried out at once (nobody else can decide it). */
    fourEyes: FourEyesNoteSchema.nullable().default(null),
  })
  .meta({ id: 'DeskBooking' });
export type DeskBooking = z.infer<typeof DeskBookingSchema>;

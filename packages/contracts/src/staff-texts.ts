import { findOffPlatformContact } from '@candor/domain/text/off-platform-contact';
import { findPaymentDemand } from '@candor/domain/withdrawals/payment-demand';
import type { z } from 'zod';
import { readInvisibleAsEmpty } from './visible-text.ts';

/*
 * Every text staff write in a request is one of two kinds (docs/decisions/050), said where its
 * schema is built: `customerText` for what a customer reads (a statement line, a mail, a hold's or a
 * decline's reason, a label on the customer's page), screened here; `staffOnlyText` for what only
 * staff read (the audit log). A server test reads the API's own document and fails on any free
 * text in a staff request that says neither, so the next new field cannot skip the screen. Both
 * read a text of only invisible characters (zero-width spaces, direction marks) as empty
 * (docs/decisions/060): a required one is told its field's required message.
 */

/**
 * The refusal of a text that asks the customer to pay: PRODUCT.md §1.3, no payment is ever needed to
 * withdraw, so no text a customer reads asks for one (on any screen: a deposit's rejection too).
 * `words` names what was asked: "a payment", "a release fee", "a fee due", "a required payment".
 */
export const paymentDemandMessage = (words: string) =>
  `No text a customer reads may ask them to pay, as nothing is ever needed to withdraw: this one asks for ${words}.`;

/**
 * The refusal of a text that sends the customer to a chat outside the platform (Telegram, WhatsApp,
 * a handle, direct messages): the platform reaches its customers in the app and by e-mail, and an
 * outside chat is where scammers pose as staff and ask for the payment the screen above refuses.
 * `channel` names where it sends them: "Telegram", "direct messages", "a chat handle".
 */
export const offPlatformContactMessage = (channel: string) =>
  `No text a customer reads may send them to a chat outside the platform, where scammers pose as staff: this one sends them to ${channel}.`;

/**
 * The issue code the server answers with 422 PAYMENT_DEMAND (not 400 VALIDATION_FAILED): a text
 * that asks for a payment, or that sends the customer to an outside chat (decision 045, 2026-12-02).
 */
export const PAYMENT_DEMAND_ISSUE = 'PAYMENT_DEMAND';

/** Who reads a staff-written text, in its schema's metadata (`readBy`) and so in the API's document. */
export type TextReader = 'customer' | 'staff';

/** Why a text a customer reads is refused (the refusal's message), or undefined when it may be sent. */
export function findCustomerTextProblem(text: string): string | undefined {
  const words = findPaymentDemand(text);
  if (words !== undefined) return paymentDemandMessage(words);
  const channel = findOffPlatformContact(text);
  return channel === undefined ? undefined : offPlatformContactMessage(channel);
}

/**
 * A staff-written text the customer reads: `schema` (its length and required rules) plus the screen.
 * A text asking the customer to pay, or sending them to an outside chat, is refused with the same
 * message in the form and on the server.
 */
export function customerText<T extends z.ZodString>(schema: T): T {
  return readInvisibleAsEmpty(schema)
    .superRefine((text, ctx) => {
      const problem = findCustomerTextProblem(text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { code: PAYMENT_DEMAND_ISSUE } });
    })
    .meta({ readBy: 'customer' satisfies TextReader });
}

/** A staff-written text only staff read (the audit log): not screened, and marked so. */
export function staffOnlyText<T extends z.ZodString>(schema: T): T {
  return readInvisibleAsEmpty(schema).meta({ readBy: 'staff' satisfies TextReader });
}

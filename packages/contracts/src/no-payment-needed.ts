/**
 * Shown beside every staff reason that stands between a customer and their money: a hold, a
 * rejected withdrawal, a suspension, a declined identity (which Settings can make a condition of
 * withdrawing). A module of its own, so the customer's pages that show it do not load the screening
 * of staff texts (staff-texts.ts) with it.
 */
export const NO_PAYMENT_NEEDED = 'No payment is ever needed to withdraw.';

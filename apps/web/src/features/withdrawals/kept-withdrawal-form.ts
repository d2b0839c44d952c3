import { WITHDRAWAL_METHODS, type WithdrawalMethod } from '@candor/contracts/withdrawals';
import { z } from 'zod';
import { forgetKeptInTab, KEPT_IN_TAB_PREFIX, keepInTab, readKeptInTab } from '../../lib/kept-in-tab.ts';

const KEY = `${KEPT_IN_TAB_PREFIX}withdrawal-forms`;
const KeptFieldsSchema = z.object({ amount: z.string(), details: z.record(z.string(), z.string()) });
const KeptFormsSchema = z.partialRecord(z.enum(WITHDRAWAL_METHODS), KeptFieldsSchema);

/** What is kept of a method's form: the amount and the payout details, never a code. */
export type KeptWithdrawalFields = z.infer<typeof KeptFieldsSchema>;

/**
 * What the customer typed in a method's form, kept in this tab's session storage: going back to
 * the choice of method (Change method or the browser's Back) and forward again finds the form as
 * it was left, rather than empty. Each method keeps its own fields.
 */
export function keepWithdrawalForm(
  userId: string,
  method: WithdrawalMethod,
  fields: KeptWithdrawalFields,
): void {
  const forms = readKeptInTab(KEY, userId, KeptFormsSchema) ?? {};
  forms[method] = { amount: fields.amount, details: fields.details };
  keepInTab(KEY, userId, forms);
}

/** This customer's kept fields of a method's form; anything another customer kept is dropped. */
export function readKeptWithdrawalForm(
  userId: string,
  method: WithdrawalMethod,
): KeptWithdrawalFields | null {
  return readKeptInTab(KEY, userId, KeptFormsSchema)?.[method] ?? null;
}

/** Forgets every method's kept fields: the withdrawal was made. */
export function forgetWithdrawalForms(): void {
  forgetKeptInTab(KEY);
}

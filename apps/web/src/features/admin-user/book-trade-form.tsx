import { formatUtcMinute } from '@candor/contracts/account-security';
import type { BookTradeRequest } from '@candor/contracts/admin-trades';
import { APPROVAL_MESSAGES } from '@candor/contracts/approvals';
import { FOUR_EYES_WINDOW_HOURS } from '@candor/domain/approvals/approval-status';
import { BOOKING_WINDOW_DAYS } from '@candor/domain/trading/booking-times';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { carriedOutAloneNote } from '../../components/four-eyes-reach.tsx';
import { AmountField, DecimalField } from '../../components/ui/decimal-field.tsx';
import { FormSubmitRow } from '../../components/ui/form-submit-row.tsx';
import { InstrumentOptions } from '../../components/ui/instrument-options.tsx';
import { LabelledField, textControlClass } from '../../components/ui/labelled-field.tsx';
import { TextAreaField } from '../../components/ui/text-area-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { instrumentsQuery } from '../../lib/instruments-api.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { formatSignedUsd, toSignedCents } from '../../lib/signed-usd.ts';
import { useIdempotentMutation } from '../../lib/use-idempotent-mutation.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { bookTrade, customerTradingTermsQuery } from './book-trade-api.ts';
import {
  BOOK_TRADE_MESSAGES,
  BookTradeFormSchema,
  type BookTradeForm as BookTradeFormValues,
  checkBookingLimits,
  refusalField,
} from './book-trade-form-schema.ts';
import { ChoiceGroup } from './form-fields.tsx';

const EMPTY: BookTradeFormValues = {
  symbol: '',
  direction: 'buy',
  amount: '',
  lotSize: '1',
  openedAt: '',
  openPrice: '',
  closedAt: '',
  closePrice: '',
  reason: '',
};

/**
 * Book external trade (PRODUCT.md §2 Admin user details): a trade executed outside the platform
 * on the customer's behalf, at recorded prices, with a reason the customer reads. The server checks
 * each price against its minute's recorded range and computes the result; nothing is posted until
 * the customer accepts it. Its refusal is shown under the form. Retrying the same submission reuses
 * its Idempotency-Key.
 */
export function BookTradeForm({ userId, accountCreatedAt }: { userId: string; accountCreatedAt: string }) {
  const queryClient = useQueryClient();
  const catalogue = useQuery(instrumentsQuery);
  const terms = useQuery(customerTradingTermsQuery(userId));
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useZodForm(BookTradeFormSchema, EMPTY);
  const field = bindFields(form);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form;
  const book = useIdempotentMutation({
    mutationFn: (values: BookTradeRequest, key: string) => bookTrade(userId, values, key),
    onMutate: () => setRefusal(null),
    onSuccess: ({ trade, fourEyes }) => {
      reset(EMPTY);
      // Above the four-eyes threshold nothing reaches the customer until a second staff member approves it.
      if (!trade) {
        notify.success(APPROVAL_MESSAGES.awaiting, { description: APPROVAL_MESSAGES.awaitingDeskTrade });
        return;
      }
      const booked =
        trade.result === null
          ? `${trade.symbol}: it is posted once the customer accepts it`
          : `${trade.symbol} with a result of ${formatSignedUsd(toSignedCents(trade.result))}: it is posted once the customer accepts it`;
      // Above the threshold, proposed at once: nobody else can approve it yet (decision 053).
      const alone = carriedOutAloneNote(fourEyes);
      notify.success(BOOK_TRADE_MESSAGES.booked, { description: alone ? `${booked}. ${alone}` : booked });
    },
    onError: (error) => {
      // A refusal that names a field stands beside it; any other under the form.
      const message = errorMessage(error);
      const field = isApiError(error) ? refusalField(message) : null;
      if (field) setError(field, { message }, { shouldFocus: true });
      else setRefusal(message);
      notify.error(BOOK_TRADE_MESSAGES.failed, { description: message });
    },
    // Every administrator view a booked trade changes: this user's page and the All trades tab.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
  });
  const maxLeverage = terms.data?.maxLeverage ?? null;
  const onSubmit = handleSubmit((values) => {
    const refused = checkBookingLimits(values, { accountCreatedAt, maxLeverage }, Date.now());
    if (refused) {
      setError(refused.field, { message: refused.message }, { shouldFocus: true });
      return;
    }
    book.mutate(values);
  });

  const items = catalogue.data?.items ?? [];
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Book external trade" className="space-y-5">
      <p className="rounded-lg bg-slate-50 p-3 text-xs text-slate-600">
        Times are in <strong>UTC</strong>, to the minute. The open time can be at most {BOOKING_WINDOW_DAYS}{' '}
        days back, and not before the customer's account was created ({formatUtcMinute(accountCreatedAt)}).
        Each price must lie within the recorded low–high range of its minute (± 0.1%). The result is computed
        from the prices like any other trade's. The customer is told and sees the trade as “Booked by desk”
        with your reason: <strong>nothing is posted until they accept it</strong>, and it expires unaccepted
        after 7 days. A result that, with the customer's manual adjustments and desk trades of the last{' '}
        {FOUR_EYES_WINDOW_HOURS} hours, is above the second approval threshold in Settings reaches the
        customer only once a second staff member approves it on the Approvals tab; one that waits past the
        booking window expires.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <LabelledField
          label="Instrument"
          error={
            errors.symbol?.message ??
            (catalogue.isError ? 'The list of instruments could not be loaded.' : null)
          }
        >
          {(control) => (
            <select {...control} {...register('symbol')} className={textControlClass(errors.symbol?.message)}>
              <option value="">Choose an asset</option>
              <InstrumentOptions items={items} />
            </select>
          )}
        </LabelledField>
        <ChoiceGroup
          legend="Direction"
          choices={[
            { value: 'buy', label: 'Buy' },
            { value: 'sell', label: 'Sell' },
          ]}
          inputProps={register('direction')}
        />
        <AmountField label="Trade amount (USD)" {...field('amount')} />
        <DecimalField
          label="Lot size"
          hint={
            terms.data
              ? `At most ${terms.data.maxLeverage}: the customer's maximum leverage (${terms.data.packageName ? `${terms.data.packageName} package` : 'Settings default'})`
              : undefined
          }
          {...field('lotSize')}
        />
        <TextField label="Open time (UTC)" type="datetime-local" step={60} {...field('openedAt')} />
        <DecimalField label="Open price" {...field('openPrice')} />
        <TextField label="Close time (UTC)" type="datetime-local" step={60} {...field('closedAt')} />
        <DecimalField label="Close price" {...field('closePrice')} />
      </div>
      <TextAreaField
        label="Reason"
        hint="Required. The customer reads it when they accept or reject the trade."
        {...field('reason')}
      />
      {refusal ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {refusal}
        </p>
      ) : null}
      <FormSubmitRow busy={book.isPending} busyLabel="Booking..." minWidth="sm:min-w-40">
        Book trade
      </FormSubmitRow>
    </form>
  );
}

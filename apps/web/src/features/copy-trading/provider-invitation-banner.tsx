import { COPY_TRADING_MESSAGES } from '@candor/contracts/copy-trading';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { answerInvitation, copyKeys, myInvitationQuery } from './copy-trading-api.ts';

/** "You were made a strategy provider: Accept / Decline", for the invited customer only. */
export function ProviderInvitationBanner() {
  const queryClient = useQueryClient();
  const invitation = useQuery(myInvitationQuery);
  const answer = useMutation({
    mutationFn: answerInvitation,
    onSuccess: (_data, accept) =>
      notify.success(accept ? COPY_TRADING_MESSAGES.accepted : COPY_TRADING_MESSAGES.declined),
    onError: (error) => notify.error(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: copyKeys.all }),
  });
  const offer = invitation.data?.invitation;
  if (offer?.status !== 'invited') return null;
  return (
    <section
      aria-label="Strategy provider invitation"
      className="flex flex-col gap-4 rounded-xl border border-brand-200 bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 className="text-base font-semibold text-slate-900">You were made a strategy provider</h2>
        <p className="mt-1 text-sm text-slate-600">
          As "{offer.displayName}", customers with at least {formatUsdDecimal(offer.minimumBalance)} could
          copy your trades and pay you {offer.profitShare}% of the profit their copies make above their
          previous best. Nobody can copy you until you accept.
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="secondary" disabled={answer.isPending} onClick={() => answer.mutate(false)}>
          Decline
        </Button>
        <Button disabled={answer.isPending} onClick={() => answer.mutate(true)}>
          Accept
        </Button>
      </div>
    </section>
  );
}

import { COIN_SPECS } from '@candor/contracts/coins';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ProofOfPayment } from '../../components/proof-of-payment.tsx';
import { LoadingState } from '../../components/ui/load-states.tsx';
import { adminDepositQuery } from './admin-deposits-api.ts';

/**
 * What a deposit's approval rests on, in the decision dialog opened from the Deposit tab's list:
 * the coin amount, the transaction hash and the customer's proof of payment, as its own page shows
 * them, so that nobody credits a deposit without having seen its proof.
 */
export function DepositEvidence({ id, email }: { id: string; email: string }) {
  const { data, isPending, error } = useQuery(adminDepositQuery(id));
  if (isPending) {
    return (
      <LoadingState plain padding="py-6">
        Loading the proof of payment...
      </LoadingState>
    );
  }
  if (error) {
    return (
      <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-red-700">
        The proof of payment could not be loaded.{' '}
        <Link to="/deposit/$id" params={{ id }} className="font-semibold underline">
          Open the deposit
        </Link>
      </p>
    );
  }
  const spec = COIN_SPECS[data.coin];
  return (
    <div className="mt-3 space-y-1">
      <p>
        <span className="text-slate-500">Coin amount: </span>
        <span className="text-slate-900">
          {data.cryptoAmount} {spec.ticker}
        </span>
      </p>
      <p className="break-all">
        <span className="text-slate-500">Transaction hash: </span>
        {data.transactionHash ? (
          <code className="font-mono text-slate-900">{data.transactionHash}</code>
        ) : (
          <span className="text-slate-900">Not given</span>
        )}
      </p>
      <ProofOfPayment proof={data.proof} label={`Proof of payment from ${email}`} />
    </div>
  );
}

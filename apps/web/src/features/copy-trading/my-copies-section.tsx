import { COPY_END_REASON_LABELS, type CopyRelation } from '@candor/contracts/copy-trading';
import { formatUsd } from '@candor/domain/money/money';
import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/ui/card.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { formatSignedUsd, formatUsdDecimal, toSignedCents } from '../../lib/signed-usd.ts';
import { resultToneClass } from '../../lib/trade-format.ts';
import { myCopyRelationsQuery } from './copy-trading-api.ts';
import { TraderAvatar } from './trader-avatar.tsx';

/**
 * The follower's copy relations on /copy-trader, newest first: each with its copy stop-loss, what
 * its copies have made or lost since copying began (closed copies, and open ones at today's price),
 * its open copies, and how it ended ("Copy stop-loss reached"). Nothing shows before the first copy.
 */
export function MyCopiesSection() {
  const relations = useQuery(myCopyRelationsQuery);
  if (!relations.data || relations.data.items.length === 0) return null;
  return (
    <section aria-labelledby="my-copies-title" className="space-y-3">
      <h2 id="my-copies-title" className="text-lg font-semibold text-slate-900">
        Your copies
      </h2>
      <ul aria-label="Your copies" className="grid gap-3 md:grid-cols-2">
        {relations.data.items.map((relation) => (
          <li key={relation.id} className="flex">
            <RelationCard relation={relation} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RelationCard({ relation }: { relation: CopyRelation }) {
  const active = relation.status === 'active';
  const loss = relation.copyLoss === null ? null : toSignedCents(relation.copyLoss);
  const limit = relation.copyStopLoss === null ? null : toSignedCents(relation.copyStopLoss);
  return (
    <Card className="w-full p-4">
      <div className="flex items-center gap-3">
        <TraderAvatar
          name={relation.provider.displayName}
          imageUrl={relation.provider.imageUrl}
          size="h-10 w-10 text-sm"
        />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-slate-900">{relation.provider.displayName}</p>
          <p className="text-xs text-slate-500">Since {formatDateTime(relation.startedAt)}</p>
        </div>
        <span
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ${
            active
              ? 'bg-emerald-100 text-emerald-800'
              : relation.endReason === 'stop_loss'
                ? 'bg-red-100 text-red-700'
                : 'bg-slate-200 text-slate-700'
          }`}
        >
          {active ? 'Copying' : relation.endReason ? COPY_END_REASON_LABELS[relation.endReason] : 'Ended'}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-slate-500">Copy stop-loss</dt>
          <dd className="font-medium text-slate-900 tabular-nums">
            {relation.copyStopLoss === null ? 'Not set' : formatUsdDecimal(relation.copyStopLoss)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Result since start</dt>
          <dd
            className={`font-medium tabular-nums ${loss === null ? 'text-slate-500' : resultToneClass(-loss)}`}
          >
            {loss === null ? 'No price now' : formatSignedUsd(-loss)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Open copies</dt>
          <dd className="font-medium text-slate-900 tabular-nums">{relation.openCopies}</dd>
        </div>
      </dl>
      {active && limit !== null && loss !== null ? (
        <p className="mt-2 text-xs text-slate-500">
          {loss > 0n
            ? `Lost ${formatUsd(loss)} of your ${formatUsd(limit)} copy stop-loss.`
            : `Copying stops if your copies lose ${formatUsd(limit)}.`}
        </p>
      ) : null}
      {relation.endedAt ? (
        <p className="mt-2 text-xs text-slate-500">
          Ended {formatDateTime(relation.endedAt)}
          {relation.endReason ? `: ${COPY_END_REASON_LABELS[relation.endReason]}` : ''}
        </p>
      ) : null}
    </Card>
  );
}

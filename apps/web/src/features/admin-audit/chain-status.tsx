import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { auditVerificationQuery } from './audit-api.ts';

/**
 * Whether the audit log's hash chain verifies, said prominently above the log: "Chain verified:
 * N rows", or the first row that was changed or removed.
 */
export function ChainStatus() {
  const query = useQuery(auditVerificationQuery());
  const recheck = (
    <Button
      variant="secondary"
      onClick={() => void query.refetch()}
      disabled={query.isFetching}
      className="shrink-0"
    >
      {query.isFetching ? 'Checking...' : 'Check again'}
    </Button>
  );
  if (query.isPending) {
    return (
      <div
        role="status"
        className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-4 text-sm text-slate-600 shadow-sm"
      >
        <Spinner className="h-5 w-5 text-brand-600" /> Verifying the audit chain...
      </div>
    );
  }
  if (query.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-4 text-sm text-red-700 sm:flex-row sm:items-center sm:justify-between"
      >
        <p>The audit chain could not be checked.</p>
        {recheck}
      </div>
    );
  }
  const report = query.data;
  if (report.ok) {
    return (
      <div
        role="status"
        className="flex flex-col gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="flex items-start gap-3">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white">
            <Icon name="check" className="h-5 w-5" strokeWidth={2.2} />
          </span>
          <div>
            <p className="font-semibold text-emerald-900">
              Chain verified: {report.rows.toLocaleString('en-US')} {report.rows === 1 ? 'row' : 'rows'}
            </p>
            <p className="text-sm text-emerald-800">
              Every row's SHA-256 hash matches its content and the row before it: nothing was changed or
              removed.
            </p>
          </div>
        </div>
        {recheck}
      </div>
    );
  }
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-red-300 bg-red-50 px-4 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-red-600 text-lg font-bold text-white">
          !
        </span>
        <div>
          <p className="font-semibold text-red-900">Chain broken at row {report.firstBadSeq}</p>
          <p className="text-sm text-red-800">
            {report.problem}. The {report.rows.toLocaleString('en-US')} rows before it verify.
          </p>
        </div>
      </div>
      {recheck}
    </div>
  );
}

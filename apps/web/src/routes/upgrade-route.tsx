import { PageHeader } from '../components/ui/card.tsx';
import { PlanCatalogue } from '../features/plans/plan-catalogue.tsx';
import { useDocumentBranding } from '../lib/site-settings.ts';

/** /upgrade: the trading packages (spread and maximum leverage), bought from the balance. */
export function UpgradeRoute() {
  useDocumentBranding('Trading packages');
  return (
    <div>
      <PageHeader
        title="Trading packages"
        description="A trading package sets the spread your trades open with and your maximum leverage."
      />
      <PlanCatalogue kind="trading" />
    </div>
  );
}

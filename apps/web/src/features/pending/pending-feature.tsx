import { EmptyState, PageHeader } from '../../components/ui/card.tsx';
import { useDocumentBranding } from '../../lib/site-settings.ts';

/** A route whose feature has not been built yet: it says so plainly instead of pretending. */
export function PendingFeature({ title }: { title: string }) {
  useDocumentBranding(title);
  return (
    <div>
      <PageHeader title={title} />
      <EmptyState title="This section is not available yet.">
        It opens in a coming release of the platform.
      </EmptyState>
    </div>
  );
}

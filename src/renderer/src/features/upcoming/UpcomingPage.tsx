import { PageHeading } from '../../components/PageHeading';

/** Pages that exist in the navigation but are not built in this version. */
export type UpcomingPageId = 'transfers' | 'reconciliation' | 'brands';

const PAGES: Record<UpcomingPageId, { title: string; purpose: string }> = {
  transfers: {
    title: 'Transfers',
    purpose:
      'This page will list the payment transfer requests registered with the platform to top up the floats, with what the bank paid and what the platform approved, edited, removed or cancelled.',
  },
  reconciliation: {
    title: 'Reconciliation',
    purpose:
      'This page will match bank statement lines with transfer requests and the platform’s approvals, period by period, and show what is still open.',
  },
  brands: {
    title: 'Brands',
    purpose: 'This page will let you browse the platform’s brand catalogue, also while offline.',
  },
};

export function UpcomingPage({ page }: { page: UpcomingPageId }) {
  const { title, purpose } = PAGES[page];
  return (
    <div className="page" data-testid={`${page}-page`}>
      <PageHeading title={title}>{purpose}</PageHeading>
      <p className="state state-upcoming">It is not available in this version of FloatDesk yet.</p>
    </div>
  );
}

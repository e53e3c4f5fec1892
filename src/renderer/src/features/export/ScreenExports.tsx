import type { TransferFilters, TransferSort } from '@shared/ipc/contract-transfers';
import type { ReconView } from '../reconciliation/recon-query';
import { formatDate } from '../../lib/format-time';
import { ExportControl } from './ExportControl';
import { reconDescription, reconFilterWords, transfersDescription } from './export-describe';
import {
  auditRequest,
  balanceHistoryRequest,
  brandChangesRequest,
  brandsRequest,
  balancesRequest,
  reconciliationRequest,
  signOffReportRequest,
  transfersRequest,
} from './export-request';
import { formatNumber } from '../../lib/format-money';

/** The Export controls of each screen, each fed with what that screen shows. */

export function TransfersExport(props: {
  view: { filters: TransferFilters; sort: TransferSort };
  total: number | null;
}) {
  const { view, total } = props;
  return (
    <ExportControl
      what="transfer requests"
      description={transfersDescription(view, total)}
      history
      buildRequest={(choice) => transfersRequest(view, choice)}
      testId="transfers-export"
    />
  );
}

export function BalancesExports() {
  return (
    <div className="export-row" role="group" aria-label="Export">
      <ExportControl
        what="balances"
        label="Export balances…"
        description="The latest balance of every float, with its threshold and when it was recorded."
        buildRequest={balancesRequest}
        testId="balances-export"
      />
      <ExportControl
        what="balance history"
        label="Export balance history…"
        description="Every balance recorded for every float, oldest first."
        buildRequest={() => balanceHistoryRequest()}
        testId="balance-history-export"
      />
    </div>
  );
}

/** One float's recorded balances since the chart's first day. */
export function FloatHistoryExport(props: { currency: string; name: string; from?: string }) {
  const { currency, name, from } = props;
  return (
    <ExportControl
      what={`the ${currency} ${name} balance history`}
      label="Export history…"
      nameSuffix={` of ${currency} ${name}`}
      small
      description={`Every balance recorded for ${currency} ${name}${from === undefined ? '' : ` since ${formatDate(from)}`}, as the chart shows.`}
      buildRequest={() => balanceHistoryRequest({ currency, name, ...(from === undefined ? {} : { from }) })}
      testId={`history-export-${currency}-${name}`.replace(/[^\w-]/g, '_')}
    />
  );
}

export function ReconReportExport(props: { view: ReconView }) {
  const { view } = props;
  return (
    <ExportControl
      what="the reconciliation report"
      label="Export report…"
      description={reconDescription(view)}
      parts
      scope="report"
      shownFilter={reconFilterWords(view)}
      buildRequest={(choice) => reconciliationRequest(view, choice)}
      testId="recon-export"
    />
  );
}

export function SignOffReportExport({ signOffId, asOf }: { signOffId: number; asOf: string }) {
  return (
    <ExportControl
      what={`the report signed off as of ${formatDate(asOf)}`}
      label="Export report…"
      nameSuffix={` signed off as of ${formatDate(asOf)}`}
      small
      description="The frozen report of this sign-off, exactly as it was signed off."
      parts
      scope="report"
      buildRequest={(choice) => signOffReportRequest(signOffId, choice)}
      testId={`signoff-export-${signOffId}`}
    />
  );
}

export function AuditExport() {
  return (
    <ExportControl
      what="the audit log"
      label="Export audit log…"
      description="Every entry of this workspace’s audit log, in order: who decided what and when, with the hash chain that shows nothing was changed."
      buildRequest={auditRequest}
      testId="audit-export"
    />
  );
}

export function BrandsExport(props: { view: Parameters<typeof brandsRequest>[0]; total: number | null }) {
  const { view, total } = props;
  return (
    <ExportControl
      what="brands"
      description={`The ${total === null ? '' : `${formatNumber(total)} `}brands the search and filters find, with their key attributes, in the order shown.`}
      buildRequest={() => brandsRequest(view)}
      testId="brands-export"
    />
  );
}

export function BrandChangesExport(props: { view: Parameters<typeof brandChangesRequest>[0] }) {
  const { view } = props;
  return (
    <ExportControl
      what="brand changes"
      description="Every change the filters select (new, vanished, returned and changed brands, attribute by attribute), oldest first."
      buildRequest={() => brandChangesRequest(view)}
      testId="brand-changes-export"
    />
  );
}

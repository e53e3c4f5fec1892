/**
 * The operations a brand's transaction_types allow (spec "Transaction endpoints by transaction
 * type"). Pure. The method is kept as the spec writes it: `DEL`, which means HTTP DELETE, is shown
 * as `DEL` with that explanation. A transaction type the table does not know is listed as unknown,
 * never dropped.
 */
import { TRANSACTION_ENDPOINTS } from '../../../shared/domain/platform';

export interface OperationEndpoint {
  /** As the spec writes it: POST or DEL. */
  method: string;
  /** The HTTP method it means: DEL means DELETE. */
  httpMethod: string;
  path: string;
  /** E.g. "DEL (the spec's spelling of HTTP DELETE) /digital/issue". */
  explanation: string;
}

export interface BrandOperation {
  transactionType: string;
  known: boolean;
  /** In words: "Issue a digital card". */
  label: string;
  /** Empty for an unknown type. */
  endpoints: OperationEndpoint[];
}

const LABELS: Readonly<Record<string, string>> = {
  digital_issuance: 'Issue a digital card',
  cancelled_digital_issuance: 'Cancel a digital card issue',
  physical_activation: 'Activate a physical card',
  physical_top_up: 'Top up a physical card',
  cancelled_physical_activation: 'Cancel a physical card activation',
  cancelled_physical_top_up: 'Cancel a physical card top-up',
  balance_check: 'Check a card balance',
  digital_top_up: 'Top up a digital card',
  digital_cash_out: 'Cash out a digital card (original transaction)',
  physical_cash_out: 'Cash out a physical card (original transaction)',
};

function endpoint(method: string, path: string): OperationEndpoint {
  const httpMethod = method === 'DEL' ? 'DELETE' : method;
  const spelled = method === 'DEL' ? 'DEL (the spec’s spelling of HTTP DELETE)' : method;
  return { method, httpMethod, path, explanation: `${spelled} ${path}` };
}

/** One entry per distinct transaction type, in the order the brand lists them. */
export function brandOperations(transactionTypes: readonly string[]): BrandOperation[] {
  return [...new Set(transactionTypes)].map((type) => {
    const endpoints = Object.hasOwn(TRANSACTION_ENDPOINTS, type) ? TRANSACTION_ENDPOINTS[type] : undefined;
    if (endpoints === undefined)
      return {
        transactionType: type,
        known: false,
        label: `Unknown transaction type "${type}": the spec's table does not say which endpoint it uses`,
        endpoints: [],
      };
    return {
      transactionType: type,
      known: true,
      label: LABELS[type] ?? type,
      endpoints: endpoints.map((item) => endpoint(item.method, item.path)),
    };
  });
}

import type { BrandDetail } from '../../stores/catalogue-brand-store';
import { methodText } from './catalogue-text';
import { ScrollTable, TableHead } from '../../components/TableHead';

/** The operations the brand's transaction types allow, with method and path as the spec writes them. */
export function OperationsTable({ operations }: { operations: BrandDetail['operations'] }) {
  return (
    <section className="brand-section" aria-labelledby="operations">
      <h2 id="operations">Supported operations</h2>
      <p className="muted">
        Method and path as the platform’s spec writes them; the spec writes <code>DEL</code> for HTTP DELETE.
      </p>
      {operations.length === 0 ? (
        <p className="empty-note">The brand lists no transaction types.</p>
      ) : (
        <ScrollTable
          className="data-table"
          data-testid="operations"
          head={<TableHead columns={['Operation', 'Transaction type', 'Method', 'Path']} />}
        >
          {operations.map((operation) => {
            const rows = operation.endpoints.length === 0 ? [null] : operation.endpoints;
            return rows.map((endpoint, index) => (
              <tr key={`${operation.transactionType}-${index}`} data-known={operation.known}>
                <th scope="row">{operation.known ? operation.label : 'Unknown — not in the spec'}</th>
                <td>
                  <code>{operation.transactionType}</code>
                </td>
                <td>{endpoint ? methodText(endpoint.method, endpoint.httpMethod) : '—'}</td>
                <td>{endpoint ? <code>{endpoint.path}</code> : 'No endpoint known'}</td>
              </tr>
            ));
          })}
        </ScrollTable>
      )}
    </section>
  );
}

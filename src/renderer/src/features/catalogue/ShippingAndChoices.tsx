import type { BrandDetail } from '../../stores/catalogue-brand-store';
import { numColumn, ScrollTable, TableHead } from '../../components/TableHead';

/** Shipping methods with their costs (physical cards), and the brands a choice link offers. */
export function ShippingAndChoices({ brand }: { brand: BrandDetail }) {
  return (
    <>
      <section className="brand-section" aria-labelledby="shipping">
        <h2 id="shipping">Shipping methods</h2>
        {brand.shippingMethods.length === 0 ? (
          <p className="empty-note">
            None stated — this brand sends no physical cards, or the platform listed no shipping.
          </p>
        ) : (
          <ScrollTable
            className="data-table"
            head={<TableHead columns={['Method', 'Description', numColumn('Cost')]} />}
          >
            {brand.shippingMethods.map((method) => (
              <tr key={method.identifier}>
                <th scope="row">
                  <code>{method.identifier}</code>
                </th>
                <td>{method.description}</td>
                <td className="num amount">
                  {method.cost ? `${method.cost.amount} ${method.cost.currency}` : 'Not stated'}
                </td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </section>
      {brand.choices === null ? null : (
        <section className="brand-section" aria-labelledby="choices">
          <h2 id="choices">Choices of this choice link</h2>
          {brand.choices.length === 0 ? (
            <p className="empty-note">The platform listed no choices.</p>
          ) : (
            <ul className="choice-list">
              {brand.choices.map((choice, index) => (
                <li key={`${choice.slug ?? ''}-${index}`}>
                  {choice.name ?? <span className="empty-value">Unnamed</span>}
                  {choice.slug ? <code className="brand-slug"> {choice.slug}</code> : null}
                  {choice.name === null && choice.slug === null ? <code> {choice.json}</code> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}

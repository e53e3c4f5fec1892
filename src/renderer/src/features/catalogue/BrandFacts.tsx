import type { ReactNode } from 'react';
import type { BrandDetail } from '../../stores/catalogue-brand-store';
import { formatExactTime } from '../../lib/format-time';
import { discountText, yesNo } from './catalogue-text';

type Labelled = { value: string; label: string; known: boolean };

/** A value in words; one the spec does not list is shown as sent and marked. */
export function LabelText({ item }: { item: Labelled }) {
  return item.known ? (
    <>{item.label}</>
  ) : (
    <>
      <code>{item.value}</code> <span className="unknown-mark">(not in the spec)</span>
    </>
  );
}

export function LabelList({ items }: { items: readonly Labelled[] }) {
  if (items.length === 0) return <span className="empty-value">None stated</span>;
  return (
    <ul className="inline-list">
      {items.map((item) => (
        <li key={item.value}>
          <LabelText item={item} />
        </li>
      ))}
    </ul>
  );
}

function Fact({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The brand's attributes in plain words: status, type, money, where and how it is sold. */
export function BrandFacts({ brand }: { brand: BrandDetail }) {
  const { status, vat } = brand;
  return (
    <section className="brand-section" aria-labelledby="brand-facts">
      <h2 id="brand-facts">About this brand</h2>
      <dl className="facts brand-facts">
        <Fact term="Status" testId="brand-status">
          <LabelText item={status} />
          {status.purchasable ? ' — cards can be bought' : ' — cards cannot be bought now'}
          {status.reason ? <div className="muted">Reason: {status.reason}</div> : null}
        </Fact>
        {brand.vanishedAt ? (
          <Fact term="Listing">
            No longer in the platform’s catalogue since {formatExactTime(brand.vanishedAt)}
          </Fact>
        ) : null}
        <Fact term="Type">
          <LabelText item={brand.type} />
        </Fact>
        <Fact term="Currency">{brand.currency}</Fact>
        <Fact term="Discount" testId="brand-discount">
          {discountText(brand.discount)}
        </Fact>
        {vat ? (
          <Fact term="VAT">
            {[
              vat.exempt === null ? null : vat.exempt ? 'Exempt' : 'Not exempt',
              vat.type ? `type ${vat.type}` : null,
              vat.rate ? `rate ${vat.rate}%` : null,
            ]
              .filter(Boolean)
              .join(', ') || 'Sent without details'}
          </Fact>
        ) : null}
        <Fact term="Countries served">
          {brand.countries.length > 0 ? brand.countries.join(', ') : 'None stated'}
        </Fact>
        <Fact term="Categories">
          <LabelList items={brand.categories} />
        </Fact>
        <Fact term="Delivery methods">
          <LabelList items={brand.deliveryMethods} />
        </Fact>
        <Fact term="Cards from a stocked pool">
          {yesNo(brand.stocked, 'Yes — cards come from a stocked pool', 'No')}
        </Fact>
        <Fact term="Fulfilled later">
          {yesNo(brand.asyncOnly, 'Yes — orders are fulfilled later, not at once', 'No — answered at once')}
        </Fact>
        <Fact term="Last updated by the platform">
          {brand.lastUpdated ? formatExactTime(brand.lastUpdated) : 'Not stated'}
        </Fact>
        <Fact term="Seen in syncs">
          first {formatExactTime(brand.firstSeenAt)}, last {formatExactTime(brand.lastSeenAt)}
        </Fact>
      </dl>
    </section>
  );
}

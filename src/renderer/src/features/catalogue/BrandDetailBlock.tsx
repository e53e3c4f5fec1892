import type { ReactNode } from 'react';
import type { BrandDetail } from '../../stores/catalogue-brand-store';
import { LabelList, LabelText } from './BrandFacts';

function Row({ term, value, children }: { term: string; value?: string | null; children?: ReactNode }) {
  const content = children ?? (value ? value : <span className="empty-value">Not stated</span>);
  return (
    <div>
      <dt>{term}</dt>
      <dd>{content}</dd>
    </div>
  );
}

/** The detail block: description, how it is redeemed, barcode, expiry, restrictions, cancellation, terms. */
export function BrandDetailBlock({ brand }: { brand: BrandDetail }) {
  const { restrictions, cancellationWindows } = brand;
  return (
    <section className="brand-section" aria-labelledby="brand-detail">
      <h2 id="brand-detail">Details</h2>
      {brand.description ? <p className="brand-description">{brand.description}</p> : null}
      <dl className="facts brand-facts">
        <Row term="Redemption methods">
          <LabelList items={brand.redemptionMethods} />
        </Row>
        <Row term="Barcode">
          {brand.barcode ? (
            <LabelText item={brand.barcode} />
          ) : (
            <span className="empty-value">Not stated</span>
          )}
        </Row>
        <Row term="Expiry" value={brand.expiry} />
        <Row term="Digital activation limit" value={brand.digitalActivationLimit} />
        <Row term="Restrictions — digital" value={restrictions.digital} />
        <Row term="Restrictions — physical" value={restrictions.physical} />
        <Row term="Restrictions — in store" value={restrictions.inStore} />
        <Row term="Restrictions — online" value={restrictions.online} />
        <Row term="Cancellation window — digital" value={cancellationWindows.digital} />
        <Row term="Cancellation window — physical" value={cancellationWindows.physical} />
      </dl>
      <h3>Terms</h3>
      {brand.termsText ? (
        <p className="brand-terms">{brand.termsText}</p>
      ) : (
        <p className="empty-note">No terms text.</p>
      )}
      {brand.otherAttributes.length > 0 ? (
        <>
          <h3>Other attributes the platform sent</h3>
          <dl className="facts">
            {brand.otherAttributes.map((attribute) => (
              <Row key={attribute.key} term={attribute.key}>
                <code className="json-value">{attribute.json}</code>
              </Row>
            ))}
          </dl>
        </>
      ) : null}
    </section>
  );
}

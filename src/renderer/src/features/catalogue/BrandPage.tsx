import { useEffect, useState } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageHeading } from '../../components/PageHeading';
import { hrefFor } from '../../lib/router';
import { useCatalogueBrand } from '../../stores/catalogue';
import { BrandDetailBlock } from './BrandDetailBlock';
import { BrandFacts } from './BrandFacts';
import { BrandImages } from './BrandImages';
import { BrandLinks } from './BrandLinks';
import { FaceValueSection } from './FaceValueSection';
import { OperationsTable } from './OperationsTable';
import { ShippingAndChoices } from './ShippingAndChoices';
import { TemplatesSection } from './TemplatesSection';
import './brand-page.css';

/** One brand: everything the platform said about it, from the ledger (works offline). */
export function BrandPage({ slug }: { slug: string }) {
  const detail = useCatalogueBrand((state) => (state.slug === slug ? state.detail : null));
  const open = useCatalogueBrand((state) => state.open);
  const [message, setMessage] = useState('');
  useEffect(() => open(slug), [slug, open]);

  const back = (
    <a className="back-link" href={hrefFor('brands')}>
      ← All brands
    </a>
  );
  if (detail === null || detail.status === 'loading')
    return (
      <div className="page brand-page" data-testid="brand-page">
        {back}
        <PageHeading title="Brand" />
        <LoadingState label="Loading the brand…" />
      </div>
    );
  if (detail.status === 'error')
    return (
      <div className="page brand-page" data-testid="brand-page">
        {back}
        <PageHeading title="Brand" />
        <ErrorState
          title={`The brand “${slug}” could not be shown`}
          error={detail.error}
          onRetry={() => open(slug)}
        />
      </div>
    );
  const brand = detail.value;
  return (
    <div className="page page-wide brand-page" data-testid="brand-page" data-slug={brand.slug}>
      {back}
      <div className="brand-heading">
        <BrandImages brand={brand} />
        <PageHeading title={brand.name}>
          <span className="brand-slug">{brand.slug}</span>
        </PageHeading>
      </div>
      <p className="copy-message" role="status">
        {message}
      </p>
      <BrandFacts brand={brand} />
      <FaceValueSection brand={brand} />
      <ShippingAndChoices brand={brand} />
      <BrandDetailBlock brand={brand} />
      <BrandLinks links={brand.links} onCopied={setMessage} />
      <OperationsTable operations={brand.operations} />
      <TemplatesSection slug={brand.slug} />
    </div>
  );
}

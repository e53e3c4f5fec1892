import type { ChannelOutput } from '@shared/ipc/contract';
import { hrefFor } from '../../lib/router';
import { discountText } from './catalogue-text';
import { numColumn, ScrollTable, TableHead } from '../../components/TableHead';

type BrandSummary = ChannelOutput<'catalogue:search'>['brands'][number];

interface BrandResultsProps {
  brands: readonly BrandSummary[];
  filtered: boolean;
  onClear: () => void;
  /** Words for a facet's value (status, type, category), as sent when unknown. */
  label: (facet: 'status' | 'type' | 'category', value: string) => string;
}

/** One page of brands as a table; the name opens the brand's page. */
export function BrandResults({ brands, filtered, onClear, label }: BrandResultsProps) {
  if (brands.length === 0)
    return (
      <div className="state state-empty" data-testid="brands-empty">
        <p className="state-title">
          {filtered ? 'No brands match this search' : 'No brands in the ledger yet'}
        </p>
        {filtered ? (
          <button type="button" className="button" onClick={onClear}>
            Clear search and filters
          </button>
        ) : (
          <p>Sync with the platform to bring its brand catalogue here.</p>
        )}
      </div>
    );
  return (
    <ScrollTable
      className="data-table brands-table"
      head={
        <>
          <caption className="visually-hidden">Brands</caption>
          <TableHead columns={['Brand', 'Status', 'Type', 'Currency', numColumn('Discount'), 'Categories']} />
        </>
      }
    >
      {brands.map((brand) => (
        <tr key={brand.slug} data-testid="brand-row" data-slug={brand.slug}>
          <th scope="row">
            <a href={hrefFor('brands', { sub: brand.slug })}>{brand.name}</a>
            {brand.vanished ? <span className="flag flag-warning">No longer listed</span> : null}
            <div className="brand-slug">{brand.slug}</div>
          </th>
          <td>
            <span className={`brand-status status-${brand.status.toLowerCase()}`}>
              {label('status', brand.status)}
            </span>
          </td>
          <td>{label('type', brand.type)}</td>
          <td>{brand.currency}</td>
          <td className="num">{discountText(brand.discount)}</td>
          <td className="brand-categories">{brand.categories.map((c) => label('category', c)).join(', ')}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}

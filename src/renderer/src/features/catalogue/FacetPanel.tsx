import { formatNumber } from '../../lib/format-money';
import type { BrandsView, FacetName } from './catalogue-query';
import {
  facetValueName,
  facetValueText,
  orderedValues,
  unknownNote,
  withSelection,
  type FacetCounts,
} from './catalogue-text';

interface FacetPanelProps {
  facets: readonly FacetCounts[];
  /** The filters of the URL: ticked at once, before the core's answer comes. */
  filters: BrandsView['filters'];
  onToggle: (facet: FacetName, value: string) => void;
}

/**
 * One group of checkboxes per facet, each value with its count (counts obey every other facet's
 * filter). Values the spec does not list are shown as sent, marked, and counted.
 */
export function FacetPanel({ facets: answered, filters, onToggle }: FacetPanelProps) {
  return (
    <aside className="facet-panel" aria-label="Filters" data-testid="facet-panel">
      {answered.map((counts) => {
        const facet = withSelection(counts, filters[counts.facet] ?? []);
        const note = unknownNote(facet);
        const selected = facet.values.some((value) => value.selected);
        return (
          <details
            key={facet.facet}
            className="facet"
            open={selected || facet.values.length <= 6}
            data-facet={facet.facet}
          >
            <summary>
              {facet.title}
              {selected ? <span className="facet-selected"> · filtered</span> : null}
            </summary>
            {note ? <p className="facet-note">{note}</p> : null}
            {facet.values.length === 0 ? <p className="facet-note">No values</p> : null}
            <ul>
              {orderedValues(facet).map((value) => (
                <li key={value.value}>
                  <label className={value.count === 0 && !value.selected ? 'facet-empty' : undefined}>
                    <input
                      type="checkbox"
                      checked={value.selected}
                      onChange={() => onToggle(facet.facet, value.value)}
                      aria-label={facetValueName(value)}
                      data-testid={`facet-${facet.facet}-${value.value}`}
                    />
                    <span className="facet-label">
                      {facetValueText(value)}
                      {value.known ? null : <span className="facet-unknown"> (not in spec)</span>}
                    </span>
                    <span className="facet-count" data-testid="facet-count">
                      {formatNumber(value.count)}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </details>
        );
      })}
    </aside>
  );
}

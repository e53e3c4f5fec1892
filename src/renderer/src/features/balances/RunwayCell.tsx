import type { FloatInsight } from '@shared/ipc/contract-floats';
import { runwayText } from './runway-text';

/** "≈ 23 days" over "at £1,234.00/day", with the basis of the estimate on hover and for screen readers. */
export function RunwayCell({ runway }: { runway: FloatInsight['runway'] | undefined }) {
  if (runway === undefined) {
    return (
      <td className="num runway">
        <span className="empty-value" aria-hidden="true">
          —
        </span>
        <span className="visually-hidden">not known yet</span>
      </td>
    );
  }
  const text = runwayText(runway);
  return (
    <td className="num runway" title={`Estimated from ${runway.basis}`}>
      <span className={text.rate === null ? 'empty-value' : 'runway-days'}>{text.days}</span>
      {text.rate === null ? null : <span className="runway-rate amount">{text.rate}</span>}
      <span className="visually-hidden">, estimated from {runway.basis}</span>
    </td>
  );
}

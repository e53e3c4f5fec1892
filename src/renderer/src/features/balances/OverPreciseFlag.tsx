interface OverPreciseFlagProps {
  currency: string;
}

/** Marks an amount with more decimals than its currency has; it is shown exactly as sent, never rounded. */
export function OverPreciseFlag({ currency }: OverPreciseFlagProps) {
  const explanation = `The platform sent more decimals than ${currency} has; shown exactly as sent`;
  return (
    <span className="flag flag-warning" title={explanation} data-testid="over-precise-flag">
      <span aria-hidden="true">extra decimals</span>
      <span className="visually-hidden">{explanation}</span>
    </span>
  );
}

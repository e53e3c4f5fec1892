interface LoadingStateProps {
  label: string;
}

/** A quiet, announced loading line ("Loading balances…"). */
export function LoadingState({ label }: LoadingStateProps) {
  return (
    <p className="state state-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

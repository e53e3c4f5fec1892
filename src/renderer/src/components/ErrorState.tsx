import type { ErrorShape } from '@shared/ipc/errors';

interface ErrorStateProps {
  /** What could not be done, e.g. "Balances could not be loaded". */
  title: string;
  error: ErrorShape;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failure a person can act on: what happened, the core's message, the code for support, Retry. */
export function ErrorState({ title, error, onRetry, retrying = false }: ErrorStateProps) {
  return (
    <div className="state state-error" role="alert">
      <p className="state-title">{title}</p>
      <p>{error.message}</p>
      <p className="state-code">
        Error code: <code>{error.code}</code>
      </p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
      ) : null}
    </div>
  );
}

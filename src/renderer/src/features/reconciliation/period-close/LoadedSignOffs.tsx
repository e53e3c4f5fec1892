import type { ReactNode } from 'react';
import type { SignOff } from '@shared/ipc/contract-signoff';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { shownValue } from '../../../stores/recon-client';
import { useReconPeriod } from '../../../stores/recon';

/**
 * The sign-offs as last loaded, shown by `children`; a load that failed says so (with Retry) above
 * them, and until a first load answers, that they are loading.
 */
export function LoadedSignOffs({ children }: { children: (signOffs: SignOff[]) => ReactNode }) {
  const view = useReconPeriod((state) => state.signOffs);
  const reload = useReconPeriod((state) => state.reload);
  const signOffs = shownValue(view);
  return (
    <>
      {view.status === 'error' ? (
        <ErrorState
          title="The sign-offs could not be loaded"
          error={view.error}
          onRetry={() => void reload()}
        />
      ) : null}
      {signOffs === null ? (
        view.status === 'error' ? null : (
          <LoadingState label="Loading sign-offs…" />
        )
      ) : (
        children(signOffs)
      )}
    </>
  );
}

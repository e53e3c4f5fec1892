import { NotFoundPage } from '../shell/NotFoundPage';
import { NewTransferPage } from './NewTransferPage';
import { TransfersPage } from './TransfersPage';

interface TransfersRouteProps {
  sub: string | null;
  query: Readonly<Record<string, string>>;
}

/** `#/transfers[?filters]` is the table; `#/transfers/new` the New transfer request form. */
export function TransfersRoute({ sub, query }: TransfersRouteProps) {
  if (sub === null) return <TransfersPage query={query} />;
  if (sub === 'new') return <NewTransferPage query={query} />;
  return <NotFoundPage path={`/transfers/${sub}`} />;
}

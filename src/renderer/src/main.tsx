import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { AccessLinkPage } from './features/shell/AccessLinkPage';
import { connectBridge } from './ipc/client';
import { useAppStatus } from './stores/app-status';
import { keepBalancesCurrent } from './stores/balances';
import { useEventStream } from './stores/event-stream';
import { followSync } from './stores/sync';
import { applyRememberedTheme } from './lib/theme';
import { useSettings } from './stores/settings';
import { reloadOnWorkspaceChange } from './stores/workspaces';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/tables.css';
import './styles/states.css';
import './styles/sync.css';
import './styles/form-controls.css';
import './styles/transfers.css';
import './styles/transfer-detail.css';
import './styles/reconciliation.css';
import './styles/reconciliation-review.css';
import './styles/reconciliation-items.css';
import './styles/reconciliation-period.css';
import './styles/reconciliation-journals.css';
import './styles/reviews.css';
import './styles/screen-fit.css';

const container = document.getElementById('root');
if (!container) throw new Error('FloatDesk: the page has no #root element.');
const root = createRoot(container);
applyRememberedTheme();

const connected = connectBridge({ onStreamState: (state) => useEventStream.getState().setStream(state) });

if (connected.shell === 'browser-without-token') {
  root.render(
    <StrictMode>
      <AccessLinkPage reason="missing" />
    </StrictMode>,
  );
} else {
  keepBalancesCurrent();
  followSync();
  void useAppStatus.getState().load();
  // Theme, number and date format of the workspace; another workspace opened means a fresh start.
  void useSettings.getState().load();
  reloadOnWorkspaceChange();
  root.render(
    <StrictMode>
      <App shell={connected.shell} />
    </StrictMode>,
  );
}

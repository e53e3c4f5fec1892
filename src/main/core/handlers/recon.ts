import type { EventChannel } from '../../../shared/ipc/channels';
import type { Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import type { StatementWorker } from '../recon/import/run';
import { ReconService } from '../recon/service';
import { registerReconTeamHandlers } from './recon-team';
import type { TeamSession } from '../team/team-session';
import type { HandlerRegistry } from '../registry';

export interface ReconHandlerDeps {
  db: Ledger;
  workspaceId: number;
  clock: Clock;
  /** Who decides: a person in the app, or at the command line (recorded in the audit log). */
  actor: 'user' | 'cli';
  emit: (name: EventChannel, payload: unknown) => void;
  /** Team mode: the kept password, and the one exchange at a time (team-session.ts). */
  team?: TeamSession;
  /** The built statement reader (statement-worker.js); absent when the core runs from sources. */
  statementWorker?: StatementWorker;
}

/**
 * The recon:* channels: statement import, matching runs, review decisions, the roll-forward and
 * period close (sign-off, unlock).
 */
export function registerReconHandlers(registry: HandlerRegistry, deps: ReconHandlerDeps): void {
  const service = new ReconService(
    deps.db,
    deps.workspaceId,
    deps.clock,
    deps.actor,
    {},
    deps.statementWorker,
  );
  const changed = <T>(value: T): T => {
    deps.emit('ledger:changed', { source: 'this-core' });
    return value;
  };
  registry.register('recon:import', async (input) => {
    const result = await service.import(input);
    return result.stored ? changed(result) : result;
  });
  registry.register('recon:profiles.list', () => service.listProfiles());
  registry.register('recon:profiles.save', (input) => service.saveProfile(input));
  registry.register('recon:run', (input) =>
    input.preview ? service.run(input) : changed(service.run(input)),
  );
  registry.register('recon:summary', (input) => service.summary(input));
  registry.register('recon:items', (input) => service.items(input));
  registry.register('recon:suggestions', (input) => service.suggestions(input));
  registry.register('recon:match.confirm', (input) => changed(service.confirm(input)));
  registry.register('recon:match.reject', (input) => changed(service.reject(input)));
  registry.register('recon:match.manual', (input) => changed(service.manual(input)));
  registry.register('recon:match.check', (input) => service.checkManual(input));
  registry.register('recon:resolve', (input) => changed(service.resolve(input)));
  registry.register('recon:undo', (input) => changed(service.undo(input)));
  registry.register('recon:rollforward', (input) => service.rollforward(input));
  registry.register('recon:opening.set', (input) => changed(service.setOpeningBalance(input)));
  registry.register('recon:opening.list', () => service.openingBalances());
  registry.register('recon:demo-statement.load', async () => {
    const result = await service.loadDemoStatement();
    return result.stored ? changed(result) : result;
  });
  registry.register('recon:signoff', (input) => changed(service.signOff(input)));
  registry.register('recon:signoffs', () => service.signOffs());
  registry.register('recon:open-totals', (input) => service.openTotals(input));
  registry.register('recon:signoff.report', (input) => service.signOffReport(input));
  registerReconTeamHandlers(registry, service, {
    clock: deps.clock,
    changed,
    ...(deps.team === undefined ? {} : { team: deps.team }),
  });
  registry.register('recon:settings.get', () => service.settings());
  registry.register('recon:settings.update', (input) => changed(service.updateSettings(input)));
}

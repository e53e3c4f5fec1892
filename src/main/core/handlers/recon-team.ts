import { AppError } from '../../../shared/ipc/errors';
import { isoNow, type Clock } from '../clock';
import { getSignOff } from '../recon/signoff/sign-off-view';
import type { ReconService } from '../recon/service';
import type { HandlerRegistry } from '../registry';
import type { TeamSession } from '../team/team-session';
import { syncTeam } from '../team/team-service';
import {
  reviewSignOff,
  unlockedThroughTeam,
  unlockTeamSignOff,
  type TeamActPlace,
} from '../team/signoff-review';

export interface ReconTeamDeps {
  clock: Clock;
  /** The kept team password, and the exchange that follows an act (one at a time). */
  team?: Pick<TeamSession, 'keptPassword' | 'sync'>;
  changed: <T>(value: T) => T;
}

function passwordFor(given: string | undefined, deps: ReconTeamDeps, what: string): string {
  const password = given ?? deps.team?.keptPassword();
  if (typeof password !== 'string')
    throw new AppError(
      'auth_failed',
      `${what} goes through the team's database, and FloatDesk has no password for it: enter it in Settings → Team (at the command line, set FLOATDESK_TEAM_PASSWORD).`,
    );
  return password;
}

/**
 * recon:review and recon:unlock: the month-end acts a reviewer makes. In a team they go through the
 * team's database (signoff-review.ts); a sign-off the team does not share is unlocked here as before.
 */
export function registerReconTeamHandlers(
  registry: HandlerRegistry,
  service: ReconService,
  deps: ReconTeamDeps,
): void {
  const { context } = service;
  const place: TeamActPlace = {
    db: context.db,
    workspaceId: context.workspaceId,
    now: () => isoNow(deps.clock),
    actorName: () => context.actorName(),
    format: () => context.format(),
    exchange: async (password) => {
      // Through the session when there is one: never two exchanges at once on this ledger.
      if (deps.team) await deps.team.sync(password);
      else await syncTeam(place, password);
    },
  };
  registry.register('recon:review', async (input) => {
    await reviewSignOff(place, input, () => passwordFor(input.password, deps, 'A review'));
    return deps.changed({ signOff: getSignOff(context, input.id) });
  });
  registry.register('recon:unlock', async (input) => {
    if (!unlockedThroughTeam(place, input.id)) return deps.changed(service.unlock(input));
    await unlockTeamSignOff(place, input, () =>
      passwordFor(input.password, deps, 'Unlocking a sign-off the team shares'),
    );
    return deps.changed({ signOff: getSignOff(context, input.id) });
  });
}

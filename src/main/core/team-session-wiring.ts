/**
 * The workspace's team session as the composition root wires it: its password (the host's slot,
 * else one kept in memory for this core only) never reaches the log, and colleagues' changes applied
 * to this ledger make every open screen read again.
 */
import type { EventChannel } from '../../shared/ipc/channels';
import { isoNow, type Clock } from './clock';
import type { Ledger } from './ledger/db';
import type { Redactor } from './log/redact';
import { TeamSession } from './team/team-session';
import { SecretSlot } from './workspace/credential-slot';
import { TEAM_PASSWORD_SECRET } from './workspace/secret-kinds';

export function openTeamSession(options: {
  db: Ledger;
  workspaceId: number;
  clock: Clock;
  redactor: Redactor;
  emit: (name: EventChannel, payload: unknown) => void;
  password: SecretSlot<string> | undefined;
  timing: ConstructorParameters<typeof TeamSession>[3];
}): TeamSession {
  const { clock, emit } = options;
  const password = options.password ?? new SecretSlot(TEAM_PASSWORD_SECRET);
  options.redactor.addSource(() => {
    const current = password.current();
    return current === undefined ? [] : [current];
  });
  return new TeamSession(
    { db: options.db, workspaceId: options.workspaceId, now: () => isoNow(clock) },
    password,
    (change) => {
      emit('team:changed', change);
      // Colleagues' changes were applied to this ledger: every open screen reads them again.
      if (change.pulled > 0) emit('ledger:changed', { source: 'this-core' });
    },
    options.timing,
  );
}

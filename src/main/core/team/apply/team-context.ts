/**
 * The reconciliation context a colleague's decision is recorded in: the same checks and the same
 * writes as a person's decision here, the audit actor 'sync', the colleague's name, and nothing
 * queued for the team again (it is the team's already).
 */
import type { ReconContext } from '../../recon/context';

export function teamContext(context: ReconContext, actorName: string | null): ReconContext {
  return { ...context, fromTeam: true, actorName: () => actorName };
}

/** The name a change's author gave in Settings, else their login. */
export function authorName(payload: Record<string, unknown>, login: string): string {
  return typeof payload.actorName === 'string' && payload.actorName.trim() !== '' ? payload.actorName : login;
}

/** The two states of a paid top-up's requests that decide how its journals go (report-facts.ts, journal-rules.ts). */

const CLOSED_STATUSES = new Set(['removed', 'cancelled']);

type RequestState = { approved: unknown; status: string };

/** The platform removed or cancelled one of the requests: the money paid is due back. */
export const closedAtPlatform = (requests: readonly RequestState[]): boolean =>
  requests.some((request) => CLOSED_STATUSES.has(request.status));

/** One of the requests has no approved amount yet. */
export const approvalPending = (requests: readonly Pick<RequestState, 'approved'>[]): boolean =>
  requests.some((request) => request.approved === null);

/** Open at the platform but not approved yet: listed, not posted, until the platform approves. */
export const awaitingApproval = (requests: readonly RequestState[]): boolean =>
  !closedAtPlatform(requests) && approvalPending(requests);

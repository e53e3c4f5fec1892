/**
 * A bank statement imported on one desktop is the team's: the file goes out as it was read (with
 * the CSV profile or currency it was read with), and every colleague's desktop imports the very
 * same bytes, so their bank lines — named by account and the bank's id — are the same lines. The
 * change is queued in the transaction that completes the import, so it is shared exactly when the
 * statement is stored.
 */
import { readFileSync } from 'node:fs';
import type { ChannelInput } from '../../../shared/ipc/contract';
import type { ReconContext } from '../recon/context';
import type { StatementSource } from '../recon/import/source';
import { shareChange, sharesWithTeam } from './share-change';

export const STATEMENT_KIND = 'statement.import';

function bytesOf(source: StatementSource): Buffer {
  return source.kind === 'bytes' ? Buffer.from(source.bytes) : readFileSync(source.path);
}

/**
 * What queues an import for the team, called inside the completing transaction with the file's
 * SHA-256; undefined outside a team, and for a statement that came from the team itself.
 */
export function statementSharer(
  context: ReconContext,
  input: ChannelInput<'recon:import'>,
  source: StatementSource,
  profile: unknown,
): ((fileSha256: string) => void) | undefined {
  if (!sharesWithTeam(context)) return undefined;
  return (fileSha256) =>
    shareChange(context, {
      kind: STATEMENT_KIND,
      subject: `statement:${fileSha256}`,
      payload: {
        fileName: input.fileName,
        format: input.format ?? 'auto',
        profile,
        currency: input.currency,
        acceptReadableLines: input.acceptReadableLines === true,
        content: bytesOf(source).toString('base64'),
      },
    });
}

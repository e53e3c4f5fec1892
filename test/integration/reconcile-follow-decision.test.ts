/**
 * A decision moves what is kept of the reconciliation (the item rows, the suggestion queue, the
 * summary) by the few items it changed (follow-decision.ts), on a real ledger file. The property:
 * over random ledgers and random sequences of decisions — confirmations, rejections, matches by
 * hand, resolutions, undos, with a sign-off and its unlock in between, with and without a
 * reconciliation start date — every decision is followed (what is kept is at the ledger's version
 * right after it), and the screen it answers is exactly the one worked out from the whole ledger.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReconService } from '../../src/main/core/recon/service';
import { RESOLUTION_REASONS } from '../../src/shared/ipc/contract-recon';
import { AS_OF, computed, day, keptNow, ranLedger, useLedgerFolder, screen } from '../helpers/recon-follow';

const folder = useLedgerFolder();

type Step = { kind: 'confirm' | 'reject' | 'resolve' | 'undo' | 'manual' | 'signoff'; a: number; b: number };

/** Runs one step against the screen as it is now; false when there was nothing to decide on. */
function decide(service: ReconService, step: Step): 'decided' | 'refused' | 'none' {
  const items = service.items({ asOf: AS_OF, limit: 500 }).items;
  const suggestions = service.suggestions({}).suggestions;
  const nth = <T>(list: readonly T[], n: number): T | undefined => list[n % Math.max(1, list.length)];
  try {
    switch (step.kind) {
      case 'confirm':
      case 'reject': {
        const suggestion = nth(suggestions, step.a);
        if (suggestion === undefined) return 'none';
        if (step.kind === 'reject') service.reject({ key: suggestion.key });
        else service.confirm({ key: suggestion.key, option: step.b % suggestion.options.length });
        return 'decided';
      }
      case 'resolve': {
        const open = items.filter((item) => item.resolution === null && item.match === null);
        const item = nth(open, step.a);
        if (item === undefined) return 'none';
        const reasonCode = RESOLUTION_REASONS[step.b % RESOLUTION_REASONS.length]!;
        service.resolve({ kind: item.kind, id: item.id, reasonCode, note: 'Checked against the bank' });
        return 'decided';
      }
      case 'undo': {
        const decided = items.flatMap((item) => {
          const id = item.match?.decisionId ?? item.resolution?.decisionId;
          return id === undefined ? [] : [id];
        });
        const decisionId = nth(decided, step.a);
        if (decisionId === undefined) return 'none';
        service.undo({ decisionId, reason: 'Not this one' });
        return 'decided';
      }
      case 'manual': {
        const lines = items.filter((item) => item.kind === 'line' && item.match === null);
        const requests = items.filter((item) => item.kind === 'request' && item.match === null);
        const line = nth(lines, step.a);
        const request = nth(requests, step.b);
        if (line === undefined || request === undefined) return 'none';
        service.manual({ lineIds: [line.id], requestReferences: [request.id] });
        return 'decided';
      }
      case 'signoff': {
        const signed = service.signOffs().signOffs.find((signOff) => signOff.state === 'signed_off');
        if (signed !== undefined) service.unlock({ id: signed.id, reason: 'Bank corrected a line' });
        else service.signOff({ asOf: day(step.a), acknowledgeOpenItems: true });
        return 'none';
      }
    }
  } catch (error) {
    // A refusal (a locked item, a match by hand across currencies...) changes nothing.
    if ((error as { code?: string }).code !== undefined) return 'refused';
    throw error;
  }
}

describe('a decision moves what is kept by what it changed', () => {
  it('leaves exactly the screen worked out from the whole ledger, after every decision', () => {
    const step: fc.Arbitrary<Step> = fc.record({
      kind: fc.constantFrom('confirm', 'confirm', 'reject', 'resolve', 'undo', 'undo', 'manual', 'signoff'),
      a: fc.nat(50),
      b: fc.nat(50),
    });
    let followed = 0;
    fc.assert(
      fc.property(
        fc.nat(),
        fc.boolean(),
        fc.array(step, { minLength: 4, maxLength: 10 }),
        (seed, start, steps) => {
          const path = join(folder(), `ledger-${seed}-${start}-${steps.length}.sqlite`);
          const copy = join(folder(), 'copy.sqlite');
          const { db, service } = ranLedger(path, seed, start);
          for (const [index, chosen] of steps.entries()) {
            const outcome = decide(service, chosen);
            if (outcome === 'decided') {
              expect(keptNow(db), `step ${index}: ${chosen.kind}`).toEqual({
                rows: true,
                queue: true,
                summary: true,
              });
              followed++;
            }
            expect(screen(service), `step ${index}: ${chosen.kind}`).toEqual(computed(db, copy));
          }
          db.close();
        },
      ),
      { numRuns: 25 },
    );
    expect(followed).toBeGreaterThan(60);
  }, 120_000);
});

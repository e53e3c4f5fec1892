/**
 * The reconciliation service: one method per recon:* channel. Each use case is one short
 * transaction; every decision and every import is audited in the transaction that writes it.
 */
import { saveCsvProfile } from './statements/save-profile';
import type { Channel } from '../../../shared/ipc/channels';
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract';
import type { Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import { CsvProfilesRepository } from '../ledger/repositories/csv-profiles';
import { readWithLocks, reconContext, type ReconContext } from './context';
import { loadDemoStatement } from './demo-statement';
import { importStatementFile } from './import-statement';
import type { StatementWorker } from './import/run';
import { summaryAsOf } from './kept-reading';
import { loadAll } from './load';
import type { MatchOptions } from './match/types';
import { openSuggestionCount, openSuggestions } from './suggestions-view';
import { listItems } from './item-list';
import { listSignOffs } from './signoff/sign-off-view';
import { openTotals } from './signoff/open-totals';
import { signOff } from './signoff/sign-off';
import { signOffReport } from './signoff/report-read';
import { unlockSignOff } from './signoff/unlock';
import { resolveItem, undoDecision } from './resolve-undo';
import { checkManualMatch, confirmSuggestion, manualMatch, rejectSuggestion } from './review';
import { matchedReferences, rollForwardOutput, rollForwardReport } from './rollforward-report';
import { listOpeningBalances, setOpeningBalance } from './rollforward/opening-balance';
import { runReconciliation } from './run';
import { readReconSettings, updateReconSettings } from './policy/recon-settings';
import { describeCsvProfile } from './statements/csv-profile-words';

type In<C extends Channel> = ChannelInput<C>;
type Out<C extends Channel> = ChannelOutput<C>;

export class ReconService {
  readonly context: ReconContext;

  constructor(
    db: Ledger,
    workspaceId: number,
    clock: Clock,
    actor: 'user' | 'cli',
    options: MatchOptions = {},
    /** The built statement reader (statement-worker.js); absent when the core runs from sources. */
    private readonly statementWorker?: StatementWorker,
  ) {
    this.context = reconContext(db, workspaceId, clock, actor, options);
  }

  import(input: In<'recon:import'>): Promise<Out<'recon:import'>> {
    return importStatementFile(this.context, input, this.statementWorker);
  }

  listProfiles(): Out<'recon:profiles.list'> {
    const profiles = new CsvProfilesRepository(this.context.db).list(this.context.workspaceId);
    return {
      profiles: profiles.map(({ name, profile }) => ({
        name,
        profile: { ...profile },
        description: describeCsvProfile(profile),
      })),
    };
  }

  saveProfile(input: In<'recon:profiles.save'>): Out<'recon:profiles.save'> {
    return saveCsvProfile(this.context, input);
  }

  run(input: In<'recon:run'>): Out<'recon:run'> {
    return runReconciliation(this.context, input);
  }

  summary(input: In<'recon:summary'>): Out<'recon:summary'> {
    return summaryAsOf(this.context, input.asOf ?? this.context.today());
  }

  items(input: In<'recon:items'>): Out<'recon:items'> {
    return listItems(this.context, input);
  }

  suggestions(input: In<'recon:suggestions'> = {}): Out<'recon:suggestions'> {
    return openSuggestions(this.context, input);
  }

  confirm(input: In<'recon:match.confirm'>): Out<'recon:match.confirm'> {
    return confirmSuggestion(this.context, input);
  }

  reject(input: In<'recon:match.reject'>): Out<'recon:match.reject'> {
    return rejectSuggestion(this.context, input);
  }

  manual(input: In<'recon:match.manual'>): Out<'recon:match.manual'> {
    return manualMatch(this.context, input);
  }

  checkManual(input: In<'recon:match.check'>): Out<'recon:match.check'> {
    return checkManualMatch(this.context, input);
  }

  resolve(input: In<'recon:resolve'>): Out<'recon:resolve'> {
    return resolveItem(this.context, input);
  }

  undo(input: In<'recon:undo'>): Out<'recon:undo'> {
    return undoDecision(this.context, input);
  }

  rollforward(input: In<'recon:rollforward'>): Out<'recon:rollforward'> {
    const { world, state } = loadAll(this.context);
    return rollForwardOutput(rollForwardReport(this.context, input, matchedReferences(world, state)));
  }

  loadDemoStatement(): Promise<Out<'recon:demo-statement.load'>> {
    return loadDemoStatement(this.context, this.statementWorker);
  }

  setOpeningBalance(input: In<'recon:opening.set'>): Out<'recon:opening.set'> {
    return setOpeningBalance(this.context, input);
  }

  openingBalances(): Out<'recon:opening.list'> {
    return listOpeningBalances(this.context);
  }

  signOff(input: In<'recon:signoff'>): Out<'recon:signoff'> {
    return signOff(this.context, input);
  }

  openTotals(input: In<'recon:open-totals'>): Out<'recon:open-totals'> {
    const { context, world, state } = readWithLocks(this.context);
    const suggestions = openSuggestionCount(context, world, state);
    return openTotals(context, world, state, input.asOf ?? context.today(), suggestions);
  }

  signOffs(): Out<'recon:signoffs'> {
    return { signOffs: listSignOffs(this.context) };
  }

  signOffReport(input: In<'recon:signoff.report'>): Out<'recon:signoff.report'> {
    return signOffReport(this.context, input);
  }

  unlock(input: In<'recon:unlock'>): Out<'recon:unlock'> {
    return unlockSignOff(this.context, input);
  }

  settings(): Out<'recon:settings.get'> {
    return readReconSettings(this.context.db, this.context.workspaceId);
  }

  updateSettings(input: In<'recon:settings.update'>): Out<'recon:settings.update'> {
    return updateReconSettings(this.context, input);
  }
}

import type { Settings } from '../../../shared/ipc/contract-settings';
import { isoNow, type Clock } from '../clock';
import type { Ledger } from '../ledger/db';
import { SettingsRepository } from '../ledger/repositories/settings';
import { DEFAULT_SETTINGS } from './defaults';
import { checkSettingsPatch, type SettingsPatch } from './validate';

/** A workspace's settings: read with defaults filled in, changed with the semantic checks applied. */
export class SettingsService {
  private readonly repository: SettingsRepository;

  constructor(
    db: Ledger,
    private readonly workspaceId: number,
    private readonly clock: Clock,
    /** Called after a change of the sync interval was saved. */
    private readonly onSyncIntervalChanged: (minutes: number) => void = () => {},
  ) {
    this.repository = new SettingsRepository(db);
  }

  /** The settings as saved, or undefined when none was ever changed (the defaults apply). */
  stored(): Settings | undefined {
    return this.repository.get(this.workspaceId);
  }

  get(): Settings {
    return this.stored() ?? { ...DEFAULT_SETTINGS, company: {} };
  }

  update(patch: SettingsPatch): Settings {
    const checked = checkSettingsPatch(patch);
    const next: Settings = { ...this.get(), ...checked };
    this.repository.save(this.workspaceId, next, isoNow(this.clock));
    if (checked.syncIntervalMinutes !== undefined) this.onSyncIntervalChanged(next.syncIntervalMinutes);
    return next;
  }
}

/** CSV column profiles saved per bank (migration 0008), validated on the way in and out. */
import { AppError, invalidInput } from '../../../../shared/ipc/errors';
import { checkCsvProfile, type CsvProfile } from '../../recon/statements/csv-profile';
import type { Ledger } from '../db';

export interface StoredCsvProfile {
  id: number;
  name: string;
  profile: CsvProfile;
  updatedAt: string;
}

export class CsvProfilesRepository {
  constructor(private readonly db: Ledger) {}

  /** Save (or replace) a named CSV profile after validating it; returns the profile as stored. */
  save(workspaceId: number, name: string, input: unknown, now: string): StoredCsvProfile {
    const trimmed = name.trim();
    const checked = checkCsvProfile(input);
    const issues = [
      ...(trimmed.length < 1 || trimmed.length > 100
        ? [{ field: 'name', problem: 'a profile name has 1 to 100 characters' }]
        : []),
      ...(checked.ok ? [] : checked.issues),
    ];
    if (issues.length > 0 || !checked.ok) throw invalidInput('CSV profile', issues);
    this.db
      .prepare(
        `INSERT INTO csv_profiles (workspace_id, name, profile, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (workspace_id, name) DO UPDATE SET profile = excluded.profile, updated_at = excluded.updated_at`,
      )
      .run(workspaceId, trimmed, JSON.stringify(checked.profile), now, now);
    return this.get(workspaceId, trimmed)!;
  }

  list(workspaceId: number): StoredCsvProfile[] {
    return this.db
      .prepare<[number], ProfileRow>(
        'SELECT id, name, profile, updated_at FROM csv_profiles WHERE workspace_id = ? ORDER BY name COLLATE NOCASE, id',
      )
      .all(workspaceId)
      .map(profileFromRow);
  }

  /** The profile with this name (compared without case), or undefined. */
  get(workspaceId: number, name: string): StoredCsvProfile | undefined {
    const row = this.db
      .prepare<[number, string], ProfileRow>(
        'SELECT id, name, profile, updated_at FROM csv_profiles WHERE workspace_id = ? AND name = ?',
      )
      .get(workspaceId, name.trim());
    return row ? profileFromRow(row) : undefined;
  }
}

interface ProfileRow {
  id: number;
  name: string;
  profile: string;
  updated_at: string;
}

function profileFromRow(row: ProfileRow): StoredCsvProfile {
  const checked = checkCsvProfile(JSON.parse(row.profile));
  if (!checked.ok) {
    throw new AppError(
      'ledger_corrupt',
      `The saved CSV profile "${row.name}" is no longer valid (${checked.issues[0]?.field}: ${checked.issues[0]?.problem}). Save it again.`,
      { profileId: row.id, issues: checked.issues },
    );
  }
  return { id: row.id, name: row.name, profile: checked.profile, updatedAt: row.updated_at };
}

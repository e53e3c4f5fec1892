import { useEffect, useState, type FormEvent } from 'react';
import type { TeamOverview } from '@shared/ipc/contract-team';
import type { ErrorShape } from '@shared/ipc/errors';
import { teamSchemaNotice, waitingLines } from '@shared/domain/team-words';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { fieldErrorsOf, NO_FIELD_ERRORS, type FieldErrors } from '../../lib/field-errors';
import { formatNumber } from '../../lib/format-money';
import { formatExactTime } from '../../lib/format-time';
import { useTeam } from '../../stores/team';
import { SaveFooter, SaveStatus, TextField } from './Field';
import { SettingsSection } from './SettingsSection';

const ROLE_NAMES = { preparer: 'Preparer', reviewer: 'Reviewer', admin: 'Admin' } as const;

/** Where the password is kept, in the words of the platform secret's notice. */
function passwordPlace(overview: TeamOverview): string {
  const { password } = overview;
  if (!password.kept) return 'Not kept on this desktop.';
  if (password.storage === 'encrypted')
    return `Kept encrypted by your system's key store${password.backend ? ` (${password.backend})` : ''}.`;
  return 'Kept only until FloatDesk stops.';
}

/** The slot's own notice (memory only, or a saved one that must be entered again) says it best. */
function passwordNotice(overview: TeamOverview): string | null {
  return overview.password.notice?.message ?? null;
}

/** Join form: the database URL names the login; the password is typed, sent once, never shown back. */
function JoinForm({ overview }: { overview: TeamOverview | null }) {
  const join = useTeam((state) => state.join);
  const [database, setDatabase] = useState(overview?.url ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>(NO_FIELD_ERRORS);
  const [busy, setBusy] = useState(false);
  const again = overview?.joined === true;

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    const error = await join(database.trim(), password);
    setBusy(false);
    setErrors(fieldErrorsOf(error, ['database', 'password']));
    if (!error) setPassword('');
  }

  return (
    <form
      className="settings-form"
      onSubmit={(event) => void submit(event)}
      aria-label={again ? 'Enter the team password' : 'Join a team'}
      noValidate
    >
      <h3>{again ? 'Enter the team password' : 'Join a team'}</h3>
      <TextField
        id="team-database"
        label="Team database"
        type="url"
        value={database}
        onChange={setDatabase}
        error={errors.fields.database}
        placeholder="postgres://ana@db.example:5432/books_team"
        hint="Your login is in the address (postgres://login@host/database). Add ?sslmode=verify-full when the server uses TLS."
      />
      <TextField
        id="team-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errors.fields.password}
        hint="Kept like the platform's API secret: encrypted by your system's key store in the desktop app, only until FloatDesk stops elsewhere."
      />
      <SaveFooter
        failure={errors.other}
        failureTitle="Could not join the team"
        saveLabel={busy ? 'Joining…' : again ? 'Keep password' : 'Join team'}
        disabled={busy || database.trim() === '' || password === ''}
        status={<SaveStatus text={null} testId="team-join-status" />}
      />
    </form>
  );
}

/** Why colleagues' changes wait here: the first reasons listed, the rest counted. */
function WaitingHere({ overview }: { overview: TeamOverview }) {
  const lines = waitingLines(overview, (value) => formatNumber(value));
  if (lines.length === 0) return <>None</>;
  return (
    <ul className="team-waiting">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function TeamFacts({ overview }: { overview: TeamOverview }) {
  return (
    <dl className="facts" data-testid="team-facts">
      <dt>Team database</dt>
      <dd>
        <code className="path">{overview.database}</code>
      </dd>
      <dt>Connection</dt>
      <dd data-testid="team-online">
        {overview.online ? 'Online' : 'Offline'}
        {overview.reason ? <span className="settings-note"> — {overview.reason}</span> : null}
      </dd>
      <dt>You</dt>
      <dd data-testid="team-me">
        {overview.me ? `${overview.me.name}, ${ROLE_NAMES[overview.me.role]}` : 'Unknown'}
      </dd>
      <dt>Changes waiting to go out</dt>
      <dd data-testid="team-queued">{overview.queued === 0 ? 'None' : formatNumber(overview.queued)}</dd>
      <dt>Colleagues’ changes waiting here</dt>
      <dd data-testid="team-waiting">
        <WaitingHere overview={overview} />
      </dd>
      <dt>Last exchange</dt>
      <dd data-testid="team-last-exchange">
        {overview.lastPull === null ? 'Never' : formatExactTime(overview.lastPull)}
      </dd>
      <dt>Password</dt>
      <dd data-testid="team-password-place">{passwordNotice(overview) ?? passwordPlace(overview)}</dd>
    </dl>
  );
}

function People({ overview }: { overview: TeamOverview }) {
  return (
    <table className="team-people" data-testid="team-people">
      <caption>People in the team</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Role</th>
        </tr>
      </thead>
      <tbody>
        {overview.members.length === 0 ? (
          <tr>
            <td colSpan={2}>Nobody known yet: the list comes with the next exchange.</td>
          </tr>
        ) : (
          overview.members.map((member) => (
            <tr key={member.name}>
              <td>{member.name}</td>
              <td>{ROLE_NAMES[member.role]}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

function TeamActions({ overview }: { overview: TeamOverview }) {
  const exchangeNow = useTeam((state) => state.exchangeNow);
  const forgetPassword = useTeam((state) => state.forgetPassword);
  const exchanging = useTeam((state) => state.exchanging);
  const [failure, setFailure] = useState<ErrorShape | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  async function exchange(): Promise<void> {
    setStatus(null);
    const { result, error } = await exchangeNow();
    setFailure(error);
    if (result) setStatus(`Sent ${result.pushed} changes, received ${result.pulled}.`);
  }

  async function forget(): Promise<void> {
    setStatus(null);
    const error = await forgetPassword();
    setFailure(error);
    if (!error) setStatus('Password forgotten. Enter it again below to exchange changes with the team.');
  }

  return (
    <>
      {failure ? <ErrorState title="The team exchange did not run" error={failure} /> : null}
      <div className="form-actions">
        <button
          type="button"
          className="button"
          onClick={() => void exchange()}
          disabled={exchanging || !overview.password.kept}
        >
          {exchanging ? 'Exchanging…' : 'Exchange now'}
        </button>
        {overview.password.kept ? (
          <button type="button" className="button button-quiet" onClick={() => void forget()}>
            Forget the password
          </button>
        ) : null}
        <SaveStatus text={status} testId="team-action-status" />
      </div>
    </>
  );
}

/** The team database set up by another version of FloatDesk: what to do about it. */
function SchemaNotice({ overview }: { overview: TeamOverview }) {
  const notice = teamSchemaNotice(overview.schema);
  if (notice === null) return null;
  // The command, in quotes, kept on one line: it is read to be typed.
  return (
    <p className="settings-note warning" role="alert" data-testid="team-schema-notice">
      {notice.split(/("[^"]+")/).map((part, index) =>
        part.startsWith('"') ? (
          <code key={index} className="team-command">
            {part.slice(1, -1)}
          </code>
        ) : (
          part
        ),
      )}
    </p>
  );
}

/** Settings → Team: join the team's database, then its state, its people, and what to do. */
export function TeamSection() {
  const overview = useTeam((state) => state.overview);
  const loadError = useTeam((state) => state.loadError);
  const load = useTeam((state) => state.load);
  const follow = useTeam((state) => state.follow);
  useEffect(() => {
    void load();
    return follow();
  }, [load, follow]);
  return (
    <SettingsSection id="team" title="Team" testId="settings-team" anchor="team">
      <p className="settings-note">
        In a team, your decisions are shared through the team&apos;s PostgreSQL database and your
        colleagues&apos; arrive here by themselves while FloatDesk is open. Offline, you keep working; what
        waits goes out when the database answers again.
      </p>
      {overview === null && loadError === null ? <LoadingState label="Loading the team…" /> : null}
      {loadError ? (
        <ErrorState title="The team could not be loaded" error={loadError} onRetry={() => void load()} />
      ) : null}
      {overview?.joined ? (
        <>
          <SchemaNotice overview={overview} />
          <TeamFacts overview={overview} />
          <People overview={overview} />
          <TeamActions overview={overview} />
        </>
      ) : null}
      {overview !== null && (!overview.joined || !overview.password.kept) ? (
        <JoinForm key={overview.url ?? 'new'} overview={overview} />
      ) : null}
    </SettingsSection>
  );
}

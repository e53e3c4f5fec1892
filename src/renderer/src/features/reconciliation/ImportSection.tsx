import { useEffect, useRef, useState, type DragEvent } from 'react';
import { ErrorState } from '../../components/ErrorState';
import { LabelledSelect } from '../../components/LabelledInput';
import { plainChoices } from '../../lib/filter-values';
import type { ImportFormat } from '../../stores/recon-client';
import { profileApplies, type ImportJob } from '../../stores/recon-import-store';
import { useReconDecisions, useReconImport } from '../../stores/recon';
import { DemoStatementButton } from './DemoStatementButton';
import { ProfileForm } from './ProfileForm';
import { readFileAsBase64 } from './read-file';
import { FORMAT_OPTIONS, importSentence, moreProblemsSentence, problemSentence } from './recon-text';
import { formatNumber } from '../../lib/format-money';

const ACCEPT = '.csv,.txt,.tsv,.xml,.sta,.mt940,.940,.ofx,.qfx';

async function importFile(file: File): Promise<void> {
  const store = useReconImport.getState();
  store.reading(file.name);
  const read = await readFileAsBase64(file);
  if (read.ok) await useReconImport.getState().importFile(file.name, read.base64);
  else useReconImport.getState().readFailed(file.name, read.problem);
}

function JobResult({ job }: { job: ImportJob }) {
  const importReadableLines = useReconImport((state) => state.importReadableLines);
  switch (job.status) {
    case 'idle':
      return null;
    case 'reading':
      return <p className="muted">Reading {job.fileName}…</p>;
    case 'importing':
      return <p className="muted">Importing {job.fileName}…</p>;
    case 'error':
      return <ErrorState title={`${job.fileName} could not be imported`} error={job.error} />;
    case 'done': {
      const { result } = job;
      return (
        <div
          className={`recon-import-result${result.stored ? '' : ' refused'}`}
          data-testid="recon-import-result"
        >
          <p className="recon-import-sentence">{importSentence(job.fileName, result)}</p>
          {result.errors.length > 0 ? (
            <>
              <p className="recon-problems-title">
                {result.stored ? 'Lines left out:' : 'What to fix in the file:'}
              </p>
              <ul className="recon-problems" data-testid="recon-import-errors">
                {result.errors.map((problem, index) => (
                  <li key={index}>{problemSentence(problem)}</li>
                ))}
              </ul>
              {result.errorsTotal > result.errors.length ? (
                <p className="recon-problems-more">{moreProblemsSentence(result)}</p>
              ) : null}
            </>
          ) : null}
          {job.readableRetry ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void importReadableLines()}
            >
              Import the {formatNumber(result.linesRead)} readable lines only
            </button>
          ) : null}
        </div>
      );
    }
  }
}

/** Import a bank statement: format, CSV profile, and a file by picker or drag and drop. */
export function ImportSection() {
  const format = useReconImport((state) => state.format);
  const profile = useReconImport((state) => state.profile);
  const profiles = useReconImport((state) => state.profiles);
  const job = useReconImport((state) => state.job);
  const setFormat = useReconImport((state) => state.setFormat);
  const setProfile = useReconImport((state) => state.setProfile);
  const [dragging, setDragging] = useState(false);
  const newProfile = useRef<HTMLDetailsElement>(null);
  const busy = job.status === 'reading' || job.status === 'importing';

  useEffect(() => {
    void useReconImport.getState().loadProfiles();
  }, []);

  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) void importFile(file);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault();
    event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
    setDragging(true);
  };
  const profileNames = profiles.status === 'ready' ? profiles.names : [];

  return (
    <section className="recon-section" aria-labelledby="recon-import-title" data-testid="recon-import">
      <h2 id="recon-import-title">Import a bank statement</h2>
      <DemoStatementButton />
      <div className="recon-import-options">
        <LabelledSelect
          id="recon-format"
          className="recon-field"
          label="Format"
          value={format}
          choices={FORMAT_OPTIONS}
          onChange={(value) => setFormat(value as ImportFormat)}
        />
        {profileApplies(format) ? (
          <LabelledSelect
            id="recon-profile"
            className="recon-field"
            label="CSV profile"
            value={profile}
            aria-describedby="recon-profile-hint"
            choices={[{ value: '', label: 'None' }, ...plainChoices(profileNames)]}
            onChange={setProfile}
          >
            <span id="recon-profile-hint" className="recon-hint">
              {profiles.status === 'error'
                ? `The saved profiles could not be loaded: ${profiles.error.message}`
                : profileNames.length === 0
                  ? 'A CSV statement needs one: no profile is saved yet.'
                  : 'Which column holds what in your bank’s CSV export.'}
            </span>
          </LabelledSelect>
        ) : null}
      </div>
      {profileApplies(format) ? (
        <details className="recon-new-profile" ref={newProfile} data-testid="recon-new-profile">
          <summary>New CSV profile…</summary>
          <ProfileForm
            onSaved={(name) => {
              if (newProfile.current) newProfile.current.open = false;
              newProfile.current?.querySelector('summary')?.focus();
              useReconDecisions
                .getState()
                .announce('done', `Saved the CSV profile “${name}”; it is chosen for the next import.`);
            }}
          />
        </details>
      ) : null}
      <div
        className={`recon-drop-zone${dragging ? ' dragging' : ''}${busy ? ' busy' : ''}`}
        data-testid="recon-drop-zone"
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          id="recon-file"
          className="visually-hidden"
          type="file"
          accept={ACCEPT}
          disabled={busy}
          aria-describedby="recon-drop-hint"
          data-testid="recon-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so choosing the same file again imports it again.
            event.target.value = '';
            if (file) void importFile(file);
          }}
        />
        <label htmlFor="recon-file" className="button button-secondary recon-file-button">
          Choose a statement file…
        </label>
        <span id="recon-drop-hint" className="recon-hint">
          or drop it here. CSV, camt.053, MT940 or OFX; re-importing a statement adds only lines not seen
          before.
        </span>
      </div>
      <div aria-live="polite" data-testid="recon-import-status">
        <JobResult job={job} />
      </div>
    </section>
  );
}

import { useState } from 'react';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import { templatePreviewUrl } from '../../ipc/client';
import { formatExactTime } from '../../lib/format-time';
import { catalogueInvoke, useCatalogueBrand } from '../../stores/catalogue';
import type { TemplateView } from '../../stores/catalogue-brand-store';
import { TemplatePreview } from './TemplatePreview';
import { ScrollTable, TableHead } from '../../components/TableHead';

type Preview = { name: string; version: string; src: string };

/** The brand's templates: local copy against the platform's version, Update for stale ones, Preview. */
export function TemplatesSection({ slug }: { slug: string }) {
  const templates = useCatalogueBrand((state) => state.templates);
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ name: string; text: string; error: ErrorShape | null } | null>(
    null,
  );
  const [preview, setPreview] = useState<Preview | null>(null);

  const update = async (template: TemplateView): Promise<void> => {
    setBusy(template.name);
    try {
      const result = await catalogueInvoke('catalogue:template.update', { brand: slug, name: template.name });
      const version = result.template.localVersion ?? '—';
      setOutcome({
        name: template.name,
        text: result.updated
          ? `“${template.name}” updated to version ${version}.`
          : `“${template.name}” was already current (${version}).`,
        error: null,
      });
      await useCatalogueBrand.getState().reloadTemplates();
    } catch (thrown) {
      const error = toErrorShape(thrown);
      setOutcome({
        name: template.name,
        text: `“${template.name}” could not be updated: ${error.message}`,
        error,
      });
    } finally {
      setBusy(null);
    }
  };
  const open = async (template: TemplateView): Promise<void> => {
    // The shell serves the preview as its own document (own CSP); the frame loads it from there.
    try {
      const src = await templatePreviewUrl({ brand: slug, name: template.name });
      setPreview({ name: template.name, version: template.localVersion ?? '—', src });
      setOutcome(null);
    } catch (thrown) {
      const error = toErrorShape(thrown);
      setOutcome({
        name: template.name,
        text: `The preview of “${template.name}” could not be opened: ${error.message}`,
        error,
      });
    }
  };

  return (
    <section className="brand-section" aria-labelledby="templates" data-testid="templates">
      <h2 id="templates">Templates</h2>
      {templates.status === 'loading' ? <p className="muted">Loading templates…</p> : null}
      {templates.status === 'error' ? (
        <p className="face-value-no">Templates could not be loaded: {templates.error.message}</p>
      ) : null}
      {templates.status === 'ready' && templates.value.length === 0 ? (
        <p className="empty-note">The platform lists no templates for this brand.</p>
      ) : null}
      {templates.status === 'ready' && templates.value.length > 0 ? (
        <ScrollTable
          className="data-table"
          head={<TableHead columns={['Template', 'Local copy', 'Platform', 'Checked', 'State', 'Actions']} />}
        >
          {templates.value.map((template) => (
            <tr key={template.name} data-testid="template-row" data-stale={template.stale}>
              <th scope="row">{template.name}</th>
              <td>{template.localVersion ?? <span className="empty-value">Not downloaded</span>}</td>
              <td>{template.platformVersion}</td>
              <td className="time">{formatExactTime(template.checkedAt)}</td>
              <td>{template.stale ? <span className="flag flag-warning">Out of date</span> : 'Current'}</td>
              <td className="template-actions">
                {template.stale ? (
                  <button
                    type="button"
                    className="button"
                    disabled={busy !== null}
                    onClick={() => void update(template)}
                  >
                    {busy === template.name ? 'Updating…' : 'Update'}
                    <span className="visually-hidden"> {template.name}</span>
                  </button>
                ) : null}
                {template.previewable ? (
                  <button
                    type="button"
                    className="button"
                    disabled={busy !== null}
                    onClick={() => void open(template)}
                  >
                    Preview<span className="visually-hidden"> {template.name}</span>
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </ScrollTable>
      ) : null}
      <p role="status" className={outcome?.error ? 'face-value-no' : 'muted'} data-testid="template-outcome">
        {outcome?.text ?? ''}
      </p>
      {preview ? <TemplatePreview {...preview} onClose={() => setPreview(null)} /> : null}
    </section>
  );
}

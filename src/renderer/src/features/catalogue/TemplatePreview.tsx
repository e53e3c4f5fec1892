interface TemplatePreviewProps {
  name: string;
  version: string;
  src: string;
  onClose: () => void;
}

/**
 * The local copy's sanitised HTML in a fully sandboxed frame: `sandbox=""` (no scripts, opaque
 * origin, no forms, no navigation of the app). The document comes from the shell at the app's own
 * origin with its own CSP (inline styles and data: images only, `sandbox` again), so the template's
 * styles apply without loosening the app's policy.
 */
export function TemplatePreview({ name, version, src, onClose }: TemplatePreviewProps) {
  return (
    <div className="template-preview" data-testid="template-preview">
      <div className="template-preview-bar">
        <h3>
          Preview of “{name}”, version {version}
        </h3>
        <button type="button" className="button" onClick={onClose}>
          Close preview
        </button>
      </div>
      <iframe
        title={`Template ${name}, version ${version}`}
        sandbox=""
        src={src}
        referrerPolicy="no-referrer"
      />
    </div>
  );
}

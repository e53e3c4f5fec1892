import { useId, useRef } from 'react';
import { useModalDialog } from '../../lib/use-modal-dialog';

interface DiagnosticsDialogProps {
  text: string;
  /** Whether the text is on the clipboard now. */
  copied: boolean;
  onCopyAgain: () => Promise<void>;
  /** Where focus goes back to when the dialog closes (the button that opened it). */
  returnFocus: HTMLElement | null;
  onClose: () => void;
}

/** The diagnostics report as copied: the confirmation, the text itself, and a way to copy it by hand. */
export function DiagnosticsDialog({
  text,
  copied,
  onCopyAgain,
  returnFocus,
  onClose,
}: DiagnosticsDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const ids = useId();

  useModalDialog(dialog, {
    opened: () => heading.current,
    closed: () => (returnFocus?.isConnected ? returnFocus : null),
  });

  const selectAll = (): void => {
    area.current?.focus();
    area.current?.select();
  };

  return (
    <dialog
      ref={dialog}
      className="app-dialog diagnostics-dialog"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-status`}
      data-testid="diagnostics-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${ids}-title`} ref={heading} tabIndex={-1}>
        Diagnostics
      </h2>
      <p
        id={`${ids}-status`}
        role="status"
        className={copied ? 'test-result test-ok' : 'test-result test-failed'}
        data-testid="diagnostics-status"
      >
        {copied
          ? 'Copied to the clipboard. Paste it into your message to support.'
          : 'The clipboard refused the text: select it below and copy it (Ctrl+C or ⌘C).'}
      </p>
      <p className="diagnostics-what">
        Versions, this workspace&apos;s settings, the last sync runs and the last problems from its log. API
        keys, secrets and company details are left out.
      </p>
      <label htmlFor={`${ids}-text`} className="diagnostics-label">
        Report
      </label>
      <textarea
        id={`${ids}-text`}
        ref={area}
        className="diagnostics-text"
        readOnly
        value={text}
        rows={14}
        spellCheck={false}
        data-testid="diagnostics-text"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="diagnostics-buttons">
        <button type="button" className="button button-quiet" onClick={() => void onCopyAgain()}>
          Copy again
        </button>
        <button type="button" className="button button-quiet" onClick={selectAll}>
          Select all
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}

import { CopyIcon } from './CopyIcon';
import { copyText } from '../../lib/copy-text';

interface CopyButtonProps {
  text: string;
  /** The action, e.g. "Copy payment reference"; the text copied is added to the accessible name. */
  label: string;
  onCopied: (text: string, copied: boolean) => void;
}

/** A small button that puts a value on the clipboard (the caller announces the result). */
export function CopyButton({ text, label, onCopied }: CopyButtonProps) {
  return (
    <button
      type="button"
      className="icon-button copy-button"
      aria-label={`${label} ${text}`}
      title={label}
      onClick={() => void copyText(text).then((copied) => onCopied(text, copied))}
    >
      <CopyIcon />
    </button>
  );
}

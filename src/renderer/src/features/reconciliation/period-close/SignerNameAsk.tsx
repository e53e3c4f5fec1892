import { LabelledInput } from '../../../components/LabelledInput';

/** When no name is set in Settings, the sign-off asks for it (and keeps it in Settings). */
export function SignerNameAsk(props: {
  value: string;
  disabled: boolean;
  missing: boolean;
  onChange: (value: string) => void;
}) {
  const { value, disabled, missing, onChange } = props;
  return (
    <LabelledInput
      id="recon-signoff-name"
      className="recon-field"
      testId="recon-signoff-name"
      label="Your name"
      value={value}
      maxLength={100}
      autoComplete="name"
      disabled={disabled}
      required
      aria-invalid={missing}
      aria-describedby={`recon-signoff-name-hint${missing ? ' recon-signoff-name-error' : ''}`}
      onChange={onChange}
    >
      <span id="recon-signoff-name-hint" className="recon-hint">
        The sign-off is recorded with your name; it is kept in Settings for the next time.
      </span>
      {missing ? (
        <span id="recon-signoff-name-error" className="recon-field-error">
          Your name: enter the name the sign-off is recorded with.
        </span>
      ) : null}
    </LabelledInput>
  );
}

/** When no name is set in Settings, the sign-off asks for it (and keeps it in Settings). */
export function SignerNameAsk(props: {
  value: string;
  disabled: boolean;
  missing: boolean;
  onChange: (value: string) => void;
}) {
  const { value, disabled, missing, onChange } = props;
  return (
    <div className="recon-field" data-testid="recon-signoff-name">
      <label htmlFor="recon-signoff-name">Your name</label>
      <input
        id="recon-signoff-name"
        type="text"
        value={value}
        maxLength={100}
        autoComplete="name"
        disabled={disabled}
        required
        aria-invalid={missing}
        aria-describedby={`recon-signoff-name-hint${missing ? ' recon-signoff-name-error' : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id="recon-signoff-name-hint" className="recon-hint">
        The sign-off is recorded with your name; it is kept in Settings for the next time.
      </span>
      {missing ? (
        <span id="recon-signoff-name-error" className="recon-field-error">
          Your name: enter the name the sign-off is recorded with.
        </span>
      ) : null}
    </div>
  );
}

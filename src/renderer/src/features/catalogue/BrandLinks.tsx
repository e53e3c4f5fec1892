import type { BrandDetail } from '../../stores/catalogue-brand-store';
import { CopyButton } from '../transfers/CopyButton';

/**
 * The brand's links. One the core vetted as openable (the same rule the shell applies before it
 * hands a URL to the system browser) is a real link opening in a new tab: in Electron, window.open
 * is denied and the vetted https URL goes to the system browser; in the browser shell a new tab is
 * the system browser. Any other is shown as text with the reason. Every link can be copied.
 */
export function BrandLinks({
  links,
  onCopied,
}: {
  links: BrandDetail['links'];
  onCopied: (message: string) => void;
}) {
  const copied = (text: string, ok: boolean): void =>
    onCopied(ok ? `Copied ${text} to the clipboard.` : `Could not copy ${text}: select it and copy by hand.`);
  return (
    <section className="brand-section" aria-labelledby="brand-links">
      <h2 id="brand-links">Links</h2>
      {links.length === 0 ? <p className="empty-note">The platform sent no links.</p> : null}
      <dl className="facts brand-links">
        {links.map(({ key, label, link }) => {
          const text = link.openable ? link.url : link.text;
          return (
            <div key={key} data-testid="brand-link" data-openable={link.openable}>
              <dt>{label}</dt>
              <dd>
                {link.openable ? (
                  <a className="link-text" href={link.url} target="_blank" rel="noopener noreferrer">
                    {text}
                    <span className="visually-hidden"> (opens in your browser)</span>
                  </a>
                ) : (
                  <span className="link-text">{text}</span>
                )}
                <CopyButton text={text} label={`Copy ${label} address`} onCopied={copied} />
                <div className="muted">
                  {link.openable ? `Secure https address on ${link.host}` : `Shown as text: ${link.why}`}
                </div>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

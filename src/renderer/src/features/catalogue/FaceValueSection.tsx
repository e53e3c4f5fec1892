import { useState, type FormEvent } from 'react';
import type { ChannelOutput } from '@shared/ipc/contract';
import { toErrorShape, type ErrorShape } from '@shared/ipc/errors';
import { catalogueInvoke } from '../../stores/catalogue';
import type { BrandDetail } from '../../stores/catalogue-brand-store';
import { ruleText } from './catalogue-text';
import { readTypedAmount, writeTypedAmount } from '../../lib/typed-amount';

type Card = 'digital' | 'physical';
type Answer = ChannelOutput<'catalogue:face-value.check'> & { value: string; card: Card };

/** The face-value rules for digital and physical cards, and a checker: is this value valid, why, and what is near. */
export function FaceValueSection({ brand }: { brand: BrandDetail }) {
  const [card, setCard] = useState<Card>(
    brand.faceValues.digital.kind === 'none' && brand.faceValues.physical.kind !== 'none'
      ? 'physical'
      : 'digital',
  );
  const [value, setValue] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<ErrorShape | null>(null);
  const [checking, setChecking] = useState(false);

  const check = async (text: string): Promise<void> => {
    const trimmed = text.trim();
    if (trimmed === '') {
      setAnswer(null);
      setError({ code: 'invalid_input', message: 'Enter a face value, e.g. 25 or 12.50.' });
      return;
    }
    // Read in the chosen number format ("1,000" in en-GB); the core checks the canonical text.
    const typed = readTypedAmount(trimmed);
    if (!typed.ok) {
      setAnswer(null);
      setError({ code: 'invalid_input', message: `Face value ${typed.problem}.` });
      return;
    }
    setChecking(true);
    try {
      const result = await catalogueInvoke('catalogue:face-value.check', {
        slug: brand.slug,
        card,
        value: typed.amount,
      });
      setAnswer({ ...result, value: trimmed, card });
      setError(null);
    } catch (thrown) {
      setAnswer(null);
      setError(toErrorShape(thrown));
    } finally {
      setChecking(false);
    }
  };
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    void check(value);
  };
  const fill = (near: string): void => {
    // The core's canonical value, written back the way the chosen format types it.
    const typed = /^\d+(\.\d+)?$/.test(near) ? writeTypedAmount(near) : near;
    setValue(typed);
    void check(typed);
  };

  return (
    <section className="brand-section" aria-labelledby="face-values">
      <h2 id="face-values">Face values</h2>
      <dl className="facts">
        <div data-testid="rule-digital">
          <dt>Digital cards</dt>
          <dd>{ruleText(brand.faceValues.digital, brand.currency)}</dd>
        </div>
        <div data-testid="rule-physical">
          <dt>Physical cards</dt>
          <dd>{ruleText(brand.faceValues.physical, brand.currency)}</dd>
        </div>
      </dl>
      <form className="face-value-form" onSubmit={submit} data-testid="face-value-form">
        <fieldset className="card-choice">
          <legend>Card</legend>
          {(['digital', 'physical'] as const).map((choice) => (
            <label key={choice}>
              <input
                type="radio"
                name="card"
                value={choice}
                checked={card === choice}
                onChange={() => setCard(choice)}
              />
              {choice === 'digital' ? 'Digital' : 'Physical'}
            </label>
          ))}
        </fieldset>
        <label className="face-value-field">
          <span>Face value ({brand.currency})</span>
          <input
            type="text"
            inputMode="decimal"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            data-testid="face-value-input"
            aria-describedby="face-value-answer"
          />
        </label>
        <button type="submit" className="button" disabled={checking} data-testid="face-value-check">
          Check
        </button>
      </form>
      <div id="face-value-answer" role="status" aria-live="polite" className="face-value-answer">
        {error ? <p className="face-value-no">{error.message}</p> : null}
        {answer ? (
          <div data-testid="face-value-answer" data-accepted={answer.accepted}>
            <p className={answer.accepted ? 'face-value-yes' : 'face-value-no'}>
              <strong>{answer.accepted ? 'Yes' : 'No'}</strong> — {answer.reason}
            </p>
            {answer.near.length > 0 ? (
              <div className="face-value-near">
                <span>Valid values nearby:</span>
                <ul className="inline-list">
                  {answer.near.map((near) => (
                    <li key={near}>
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => fill(near)}
                        aria-label={`Use ${near} ${brand.currency}`}
                        data-testid="face-value-near"
                      >
                        {near}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}

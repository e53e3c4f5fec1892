/**
 * Currencies of one match run by number, and the scale each amount is held at: the ISO 4217 exponent,
 * raised for the tolerance or for any over-precise value seen (never rounded).
 */
import { exponentOf, fastScaled, scanAmount, significantDecimals, toScaled } from './amounts';
import { toleranceDecimals, type ResolvedOptions } from './options';

export class CurrencyScales {
  /** Currency codes by their number. */
  readonly currencies: string[] = [];
  private readonly currencyIds = new Map<string, number>();
  protected readonly scales: number[] = [];

  constructor(readonly options: ResolvedOptions) {}

  private lastCode = '';
  private lastId = -1;

  /** The number of a currency code (assigned on first sight). */
  currencyId(code: string): number {
    if (code === this.lastCode) return this.lastId;
    let id = this.currencyIds.get(code);
    if (id === undefined) {
      id = this.currencies.length;
      if (id > 0xffff) throw new Error('More than 65,536 currencies in one match');
      this.currencyIds.set(code, id);
      this.currencies.push(code);
      this.scales.push(Math.max(exponentOf(code), toleranceDecimals(this.options.toleranceSpec(code))));
    }
    this.lastCode = code;
    this.lastId = id;
    return id;
  }

  /**
   * Raises the currency's scale to hold `amount` exactly (an over-precise value is never rounded);
   * returns the amount's sign.
   */
  protected widen(currency: number, amount: string): number {
    const scan = scanAmount(amount);
    let needed: number;
    let sign: number;
    if (scan >= 0) {
      needed = scan >> 2;
      sign = (scan & 3) - 1;
    } else {
      needed = significantDecimals(amount);
      const value = toScaled(amount, needed);
      sign = value < 0n ? -1 : value > 0n ? 1 : 0;
    }
    if (needed > (this.scales[currency] as number)) this.scales[currency] = needed;
    return sign;
  }

  protected scaled(amount: string, currency: number): bigint {
    const scale = this.scales[currency] as number;
    return fastScaled(amount, scale) ?? toScaled(amount, scale);
  }
}

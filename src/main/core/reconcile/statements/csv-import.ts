/**
 * A CSV statement read through a column mapping profile, a piece of text at a time. The delimiter is
 * settled from the start of the file, the amount style and date format from the first 10,000 data
 * rows (csv-detect.ts: only when every one of them agrees); every later row is read with them, and
 * a row they cannot read is a problem on its line. Each bad row becomes one problem per bad field
 * and the other rows are still read.
 */
import type { StatementImport, StatementProblem } from '../../../../shared/domain/statements';
import { type CsvDelimiter, type CsvRecord } from './csv';
import { detectDelimiter } from './csv-detect';
import { checkCsvProfile, type CsvProfile } from './csv-profile';
import { readRow, resolveColumns, settleSettings, type Resolved, type Settings } from './csv-rows';
import { CsvRecordStream, type StreamedRecord } from './csv-stream';
import { LineIds, type DraftLine } from './line-id';
import { ProblemList } from './problems';
import { lastLineNumber } from './text-lines';

/** Text read before the delimiter is decided. */
const PREFIX_CHARS = 256 * 1024;
/** Data rows the amount style and date format are settled from. */
export const SETTLING_ROWS = 10_000;

const NO_PROFILE: StatementProblem = {
  line: 1,
  field: 'profile',
  problem:
    'A CSV statement needs a column profile (which column holds the date, the amount ...): choose a saved profile or create one for this bank.',
};

const isBlank = (record: CsvRecord): boolean => record.fields.every((field) => field.trim() === '');
/** A line with any text counts for the footer (a line of only delimiters does, an empty one not). */
const hasText = (record: CsvRecord): boolean => record.fields.length > 1 || record.fields[0]!.trim() !== '';

export class CsvStatementReader {
  private readonly profile: CsvProfile | undefined;
  private prefix: string | null = '';
  private stream: CsvRecordStream | undefined;
  private titles: CsvRecord | null = null;
  /** Data or footer: known once later lines show the record is not among the last footer lines. */
  private readonly undecided: StreamedRecord[] = [];
  private lastTextLine = 0;
  private unsettled: CsvRecord[] | null = [];
  private columns: Resolved | undefined;
  private settings: Settings | undefined;
  private stopped = false;

  constructor(
    profileInput: unknown,
    private readonly onDraft: (draft: DraftLine) => void,
    private readonly problems: ProblemList,
  ) {
    if (profileInput === undefined) {
      this.fail([NO_PROFILE]);
      return;
    }
    const checked = checkCsvProfile(profileInput);
    if (!checked.ok) {
      this.fail(
        checked.issues.map((issue) => ({ line: 1, field: issue.field, problem: `${issue.problem}.` })),
      );
      return;
    }
    this.profile = checked.profile;
  }

  get account(): string | null {
    return this.profile?.account ?? null;
  }

  push(text: string): void {
    if (this.stopped) return;
    if (this.prefix !== null) {
      this.prefix += text;
      if (this.prefix.length >= PREFIX_CHARS) this.startStream(false);
      return;
    }
    this.stream?.push(text);
  }

  end(): void {
    if (this.stopped) return;
    if (this.prefix !== null) this.startStream(true);
    this.stream?.end();
    if (this.stopped) return;
    const limit = this.lastTextLine - (this.profile?.footerLines ?? 0);
    for (const record of this.undecided) if (record.line <= limit) this.data(record);
    this.undecided.length = 0;
    this.settle();
  }

  private fail(problems: StatementProblem[]): void {
    this.problems.addAll(problems);
    this.stopped = true;
    this.prefix = null;
  }

  private startStream(final: boolean): void {
    const profile = this.profile!;
    const text = this.prefix!;
    this.prefix = null;
    let delimiter: CsvDelimiter;
    if (profile.delimiter !== 'auto') delimiter = profile.delimiter;
    else {
      // Only whole lines, and no footer in sight unless the whole file is here.
      const whole = final && text.length <= PREFIX_CHARS;
      const start = text.slice(0, PREFIX_CHARS);
      const cut = whole ? start.length : Math.max(start.lastIndexOf('\n'), start.lastIndexOf('\r'));
      const head = cut > 0 ? start.slice(0, cut) : start;
      const titles = Object.values(profile.columns)
        .flat()
        .filter((ref): ref is string => typeof ref === 'string');
      const detected = detectDelimiter(head, {
        ...profile,
        footerLines: whole ? profile.footerLines : 0,
        lastLine: lastLineNumber(head),
        titles,
      });
      if (!detected.ok) {
        this.fail([{ line: 1, field: 'profile.delimiter', problem: detected.problem }]);
        return;
      }
      delimiter = detected.value;
    }
    this.stream = new CsvRecordStream(
      delimiter,
      (record) => this.record(record),
      (problem) => this.problems.add(problem),
    );
    this.stream.push(text);
  }

  private record(record: StreamedRecord): void {
    if (this.stopped) return;
    const profile = this.profile!;
    if (hasText(record)) this.lastTextLine = Math.max(this.lastTextLine, record.endLine);
    if (isBlank(record)) return;
    if (record.line <= profile.headerLines) {
      this.titles = record;
      return;
    }
    if (profile.footerLines === 0) {
      this.data(record);
      return;
    }
    this.undecided.push(record);
    const limit = this.lastTextLine - profile.footerLines;
    let released = 0;
    while (released < this.undecided.length && this.undecided[released]!.line <= limit) {
      this.data(this.undecided[released]!);
      released += 1;
    }
    if (released > 0) this.undecided.splice(0, released);
  }

  private data(record: CsvRecord): void {
    if (this.stopped) return;
    if (this.unsettled !== null) {
      this.unsettled.push(record);
      if (this.unsettled.length >= SETTLING_ROWS) this.settle();
      return;
    }
    this.read(record);
  }

  /** Columns and settings from the rows so far; then those rows are read. */
  private settle(): void {
    const rows = this.unsettled;
    if (rows === null || this.stopped) return;
    this.unsettled = null;
    const profile = this.profile!;
    const columns = resolveColumns(profile.columns, this.titles);
    if (Array.isArray(columns)) {
      this.fail(columns);
      return;
    }
    const settings = settleSettings(profile, columns, rows);
    if ('problem' in settings) {
      this.fail([settings]);
      return;
    }
    this.columns = columns;
    this.settings = settings;
    for (const record of rows) this.read(record);
  }

  private read(record: CsvRecord): void {
    const row = readRow(record, this.columns!, this.profile!, this.settings!);
    if (Array.isArray(row)) this.problems.addAll(row);
    else this.onDraft(row);
  }
}

/** Read a whole CSV statement (already decoded text) with a profile; `profileInput` is validated here. */
export function importCsv(text: string, profileInput: unknown): StatementImport {
  const problems = new ProblemList();
  const ids = new LineIds();
  const lines: StatementImport['lines'] = [];
  const reader = new CsvStatementReader(profileInput, (draft) => lines.push(ids.assign(draft)), problems);
  reader.push(text);
  reader.end();
  return {
    format: 'csv',
    account: reader.account,
    lines,
    errors: problems.list(),
    errorsTotal: problems.total,
    opening: null,
    closing: null,
  };
}

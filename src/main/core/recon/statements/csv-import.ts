/**
 * A CSV statement read a piece of text at a time, through a column mapping profile — a saved one, or
 * one its column titles make (csv-auto.ts). The delimiter is settled from the start of the file, the
 * columns, amount style and date format from the first 10,000 data rows (only when every one of them
 * agrees); every later row is read with them, and a row they cannot read is a problem on its line.
 * Each bad row becomes one problem per bad field and the other rows are still read.
 */
import type { StatementImport, StatementProblem } from '../../../../shared/domain/statements';
import { type CsvDelimiter, type CsvRecord } from './csv';
import { findTitleRow, isUndated, mappingFromTitles } from './csv-auto';
import { detectDelimiter } from './csv-detect';
import { checkCsvProfile, type CsvProfile } from './csv-profile';
import { readRow, resolveColumns, settleSettings, type Resolved, type Settings } from './csv-rows';
import { CsvRecordStream, type StreamedRecord } from './csv-stream';
import { looksLikeTitles } from './csv-titles';
import { LineIds, type DraftLine } from './line-id';
import { quoted } from './limits';
import { ProblemList } from './problems';
import { lastLineNumber } from './text-lines';

/** Text read before the delimiter is decided. */
const PREFIX_CHARS = 256 * 1024;
/** Data rows the columns, amount style and date format are settled from. */
export const SETTLING_ROWS = 10_000;

export interface CsvReadOptions {
  /** The account's currency, for a CSV read by its titles that names none. */
  currency?: string;
}

const isBlank = (record: CsvRecord): boolean => record.fields.every((field) => field.trim() === '');
/** A line with any text counts for the footer (a line of only delimiters does, an empty one not). */
const hasText = (record: CsvRecord): boolean => record.fields.length > 1 || record.fields[0]!.trim() !== '';

export class CsvStatementReader {
  /** The saved profile, or (read by titles) the one the titles made, once settled. */
  private profile: CsvProfile | undefined;
  /** Read by titles: the mapping in words, once settled. */
  mapping: string | undefined;
  private readonly byTitles: boolean;
  private headerLines = 0;
  private delimiter: CsvDelimiter | undefined;
  private prefix: string | null = '';
  private stream: CsvRecordStream | undefined;
  private titles: CsvRecord | null = null;
  /** Data or footer: known once later lines show the record is not among the last footer lines. */
  private readonly undecided: StreamedRecord[] = [];
  private lastTextLine = 0;
  private unsettled: CsvRecord[] | null = [];
  /** Read by titles: undated rows ("Total") that end the file so far — a footer, unless rows follow. */
  private readonly undated: CsvRecord[] = [];
  /** Read by titles: the undated rows that ended the file, left out as its footer. */
  private readonly footer: CsvRecord[] = [];
  private dateIndex = -1;
  private columns: Resolved | undefined;
  private settings: Settings | undefined;
  private stopped = false;
  private ended = false;
  /** A row's problems, reused from row to row. */
  private readonly rowProblems: StatementProblem[] = [];

  constructor(
    profileInput: unknown,
    private readonly options: CsvReadOptions,
    private readonly onDraft: (draft: DraftLine) => void,
    private readonly problems: ProblemList,
  ) {
    this.byTitles = profileInput === undefined;
    if (this.byTitles) return;
    const checked = checkCsvProfile(profileInput);
    if (!checked.ok) {
      this.fail(
        checked.issues.map((issue) => ({ line: 1, field: issue.field, problem: `${issue.problem}.` })),
      );
      return;
    }
    this.profile = checked.profile;
    this.headerLines = checked.profile.headerLines;
  }

  get account(): string | null {
    return this.profile?.account ?? null;
  }

  /** The line where reading stopped before the end of the file, if it did. */
  get stoppedAt(): number | undefined {
    return this.stream?.stoppedAt;
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
    this.ended = true;
    if (this.stopped) return;
    const limit = this.lastTextLine - (this.profile?.footerLines ?? 0);
    for (const record of this.undecided) if (record.line <= limit) this.data(record);
    this.undecided.length = 0;
    this.settle();
    // Undated rows that end the file are its footer ("Total", "Kontostand"): left out, and said.
    this.footer.push(...this.undated.splice(0));
    if (this.footer.length > 0 && this.mapping !== undefined) {
      const first = this.footer[0]!;
      this.mapping += `; ${this.footer.length} closing line(s) without a date left out (from line ${first.line}, ${quoted(first.fields[this.dateIndex]?.trim() ?? '')})`;
    }
  }

  /** Read no further (the reader has all the lines it may take). */
  stop(): void {
    this.stopped = true;
    this.prefix = null;
  }

  private fail(problems: StatementProblem[]): void {
    this.problems.addAll(problems);
    this.stopped = true;
    this.prefix = null;
  }

  private startStream(final: boolean): void {
    const text = this.prefix!;
    this.prefix = null;
    const whole = final && text.length <= PREFIX_CHARS;
    const start = text.slice(0, PREFIX_CHARS);
    // Only whole lines, and no footer in sight unless the whole file is here.
    const cut = whole ? start.length : Math.max(start.lastIndexOf('\n'), start.lastIndexOf('\r'));
    const head = cut > 0 ? start.slice(0, cut) : start;
    const delimiter = this.byTitles ? this.titleRow(head) : this.profileDelimiter(head, whole);
    if (delimiter === undefined) return;
    this.delimiter = delimiter;
    this.stream = new CsvRecordStream(
      delimiter,
      (record) => this.record(record),
      (problem) => this.problems.add(problem),
    );
    this.stream.push(text);
  }

  private profileDelimiter(head: string, whole: boolean): CsvDelimiter | undefined {
    const profile = this.profile!;
    if (profile.delimiter !== 'auto') return profile.delimiter;
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
      return undefined;
    }
    return detected.value;
  }

  /** Read by titles: the title row (among the first records) decides the delimiter and the header. */
  private titleRow(head: string): CsvDelimiter | undefined {
    const search = findTitleRow(head, looksLikeTitles);
    if (search.row === null) {
      this.fail([{ line: 1, field: null, problem: 'The file is empty: export the statement again.' }]);
      return undefined;
    }
    this.headerLines = search.row.titles.line;
    return search.row.delimiter;
  }

  private record(record: StreamedRecord): void {
    if (this.stopped) return;
    const footerLines = this.profile?.footerLines ?? 0;
    if (hasText(record)) this.lastTextLine = Math.max(this.lastTextLine, record.endLine);
    if (isBlank(record)) return;
    if (record.line <= this.headerLines) {
      this.titles = record;
      return;
    }
    if (footerLines === 0) {
      this.data(record);
      return;
    }
    this.undecided.push(record);
    const limit = this.lastTextLine - footerLines;
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
    if (this.byTitles) {
      if (isUndated(record.fields[this.dateIndex])) {
        this.undated.push(record);
        return;
      }
      // A dated row after undated ones: they were no footer, and are read (and refused) as rows.
      for (const held of this.undated.splice(0)) this.read(held);
    }
    this.read(record);
  }

  /** Columns and settings from the rows so far; then those rows are read. */
  private settle(): void {
    let rows = this.unsettled;
    if (rows === null || this.stopped) return;
    this.unsettled = null;
    if (this.byTitles) {
      const mapped = mappingFromTitles(this.titles, rows, this.ended, {
        delimiter: this.delimiter!,
        headerLines: this.headerLines,
        lastLine: this.lastTextLine,
        ...(this.options.currency === undefined ? {} : { currency: this.options.currency }),
      });
      if (!mapped.ok) {
        this.fail(mapped.problems);
        return;
      }
      this.profile = mapped.profile;
      this.mapping = mapped.description;
      this.dateIndex = mapped.dateIndex;
    }
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
    if (this.byTitles) {
      // The undated rows ending what was read so far wait for what follows (a footer, or not).
      let end = rows.length;
      while (end > 0 && isUndated(rows[end - 1]!.fields[this.dateIndex])) end -= 1;
      (this.ended ? this.footer : this.undated).push(...rows.slice(end));
      rows = rows.slice(0, end);
    }
    for (const record of rows) this.read(record);
  }

  private read(record: CsvRecord): void {
    const row = readRow(record, this.columns!, this.profile!, this.settings!, this.rowProblems);
    if (row !== null) this.onDraft(row);
    else {
      this.problems.addAll(this.rowProblems);
      this.rowProblems.length = 0;
    }
  }
}

/** Read a whole CSV statement (already decoded text); without a profile its titles are read. */
export function importCsv(
  text: string,
  profileInput: unknown,
  options: CsvReadOptions = {},
): StatementImport {
  const problems = new ProblemList();
  const ids = new LineIds();
  const lines: StatementImport['lines'] = [];
  const reader = new CsvStatementReader(
    profileInput,
    options,
    (draft) => lines.push(ids.assign(draft)),
    problems,
  );
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
    ...(reader.mapping === undefined ? {} : { mapping: reader.mapping }),
  };
}

/**
 * A statement file read a piece of text at a time, in any format, handing each statement (section)
 * and each line to a sink as soon as it is known. CSV is read as a stream; camt.053, MT940 and OFX
 * are gathered (up to their size limit) and read whole at the end. Every line passes the same text
 * checks (length, control characters) whatever its format, and problems are bounded (problems.ts).
 */
import type {
  BankLine,
  StatementBalance,
  StatementImport,
  StatementProblem,
  StatementSection,
} from '../../../../shared/domain/statements';
import { checkBalances } from './balances';
import { importCamt053 } from './camt053';
import { CsvStatementReader, type CsvReadOptions } from './csv-import';
import { detectFormat, FORMAT_SNIFF_CHARS, type StatementFormat } from './format';
import { LineIds, type DraftLine } from './line-id';
import {
  fieldTextProblem,
  MAX_BANK_ID_CHARS,
  MAX_FILE_BYTES,
  MAX_LINES,
  MAX_RECORD_CHARS,
  sizeInWords,
} from './limits';
import { importMt940 } from './mt940';
import { importOfx } from './ofx';
import { ProblemList } from './problems';
import { summariseSections } from './sections';

/** A statement in the file, as far as it is known before its lines. */
export type SectionHead = Omit<StatementSection, 'firstLineIndex' | 'lineCount'>;

export interface StatementSink {
  /** A new statement starts: the lines that follow belong to it. */
  section(head: SectionHead): void;
  line(line: BankLine): void;
}

export interface ReadSummary {
  format: StatementFormat;
  account: string | null;
  opening: StatementBalance | null;
  closing: StatementBalance | null;
  /** Every statement, in order, with how many lines of it reached the sink. */
  sections: StatementSection[];
  linesRead: number;
  /** Problems of lines and structure (at most 100), then how many in all. */
  errors: StatementProblem[];
  errorsTotal: number;
  /** Statements whose balances do not add up (also counted among the errors). */
  unbalanced: StatementProblem[];
  /** A CSV read without a profile: the column mapping its titles made, in words. */
  mapping?: string;
  /** The line where reading stopped before the end of the file (its later lines were never read). */
  stoppedAt?: number;
}

const TEXT_FIELDS = ['reference', 'remittance', 'counterpartyName', 'counterpartyAccount'] as const;

/** Why a bank's transaction id cannot be kept (too long, control characters). */
export function bankIdProblem(line: BankLine): StatementProblem | undefined {
  const id = fieldTextProblem(line.bankTransactionId, MAX_BANK_ID_CHARS);
  if (id !== undefined) return { line: line.sourceLine, field: 'bankTransactionId', problem: id };
  return undefined;
}

/** The first reason a line's texts cannot be kept (too long, control characters), or undefined. */
export function lineTextProblem(line: BankLine): StatementProblem | undefined {
  const id = bankIdProblem(line);
  if (id !== undefined) return id;
  for (const field of TEXT_FIELDS) {
    const value = line[field];
    if (value === null) continue;
    // A remittance may join several columns or lines of the file.
    const problem = fieldTextProblem(value, field === 'remittance' ? MAX_RECORD_CHARS : undefined);
    if (problem !== undefined) return { line: line.sourceLine, field, problem };
  }
  return undefined;
}

export interface ReaderOptions extends CsvReadOptions {
  /** About how many lines the file holds, when its size is known (sizes the line-id counts once). */
  expectedLines?: number;
}

export class StatementReader {
  private format: StatementFormat | undefined;
  private readonly problems = new ProblemList();
  private readonly sections: StatementSection[] = [];
  private linesRead = 0;
  private head = '';
  private whole: string[] | null = null;
  private wholeChars = 0;
  private tooLarge = false;
  private csv: CsvStatementReader | undefined;
  private readonly ids: LineIds;
  private stoppedAt: number | undefined;

  constructor(
    format: 'auto' | StatementFormat,
    private readonly profile: unknown,
    private readonly sink: StatementSink,
    private readonly options: ReaderOptions = {},
  ) {
    this.ids = new LineIds(options.expectedLines);
    if (format !== 'auto') this.start(format);
  }

  /** The format, once the first characters decided it. */
  get detectedFormat(): StatementFormat | undefined {
    return this.format;
  }

  push(text: string): void {
    if (this.format === undefined) {
      this.head += text;
      if (this.head.length >= FORMAT_SNIFF_CHARS) this.startFromHead();
      return;
    }
    this.feed(text);
  }

  end(): ReadSummary {
    if (this.format === undefined) this.startFromHead();
    const format = this.format!;
    let unbalanced: StatementProblem[] = [];
    if (this.csv !== undefined) {
      this.csv.end();
      if (this.sections.length === 0) this.openSection(csvSection(this.csv.account));
    } else if (this.whole !== null && !this.tooLarge) {
      unbalanced = this.readWhole(format, this.whole.join(''));
    }
    const files = summariseSections(this.sections);
    return {
      format,
      ...files,
      sections: this.sections,
      linesRead: this.linesRead,
      errors: this.problems.list(),
      errorsTotal: this.problems.total,
      unbalanced,
      ...(this.csv?.mapping === undefined ? {} : { mapping: this.csv.mapping }),
      ...((this.stoppedAt ?? this.csv?.stoppedAt) === undefined
        ? {}
        : { stoppedAt: (this.stoppedAt ?? this.csv?.stoppedAt)! }),
    };
  }

  private startFromHead(): void {
    const head = this.head;
    this.head = '';
    this.start(detectFormat(head));
    this.feed(head);
  }

  private start(format: StatementFormat): void {
    this.format = format;
    if (format === 'csv') {
      this.csv = new CsvStatementReader(
        this.profile,
        this.options,
        (draft) => this.emitCsv(draft),
        this.problems,
      );
    } else this.whole = [];
  }

  private feed(text: string): void {
    if (this.csv !== undefined) {
      this.csv.push(text);
      return;
    }
    if (this.whole === null || this.tooLarge) return;
    this.wholeChars += text.length;
    const limit = MAX_FILE_BYTES[this.format!];
    if (this.wholeChars > limit) {
      this.tooLarge = true;
      this.whole = [];
      this.problems.add({
        line: 1,
        field: null,
        problem: `The file is larger than FloatDesk reads for this format (${sizeInWords(limit)}). Ask the bank for statements of shorter periods.`,
      });
      return;
    }
    this.whole.push(text);
  }

  /** A CSV row's line: its texts were checked as the file's fields (csv-stream.ts); a bank's id has rules of its own. */
  private emitCsv(draft: DraftLine): void {
    if (this.linesRead >= MAX_LINES) {
      this.tooManyLines(draft.sourceLine);
      return;
    }
    const fromBank = draft.bankTransactionId !== null;
    const line = this.ids.assign(draft);
    const problem = fromBank ? bankIdProblem(line) : undefined;
    if (problem !== undefined) {
      this.problems.add(problem);
      return;
    }
    if (this.sections.length === 0) this.openSection(csvSection(this.csv?.account ?? null));
    this.sections[this.sections.length - 1]!.lineCount += 1;
    this.linesRead += 1;
    this.sink.line(line);
  }

  /** Past the most lines a statement may have: said once, and the CSV reading stops there. */
  private tooManyLines(line: number): void {
    this.stoppedAt = line;
    this.csv?.stop();
    this.problems.add({
      line,
      field: null,
      problem: `The file has more than ${MAX_LINES.toLocaleString('en-GB')} lines; FloatDesk imports statements of up to ${MAX_LINES.toLocaleString('en-GB')} lines. Ask the bank for statements of shorter periods.`,
    });
  }

  private openSection(head: SectionHead): void {
    this.sections.push({ ...head, firstLineIndex: this.linesRead, lineCount: 0 });
    this.sink.section(head);
  }

  /** camt.053, MT940 or OFX: read whole, lines with bad texts left out, then balanced per statement. */
  private readWhole(format: StatementFormat, text: string): StatementProblem[] {
    const result = readWholeText(format, text);
    this.problems.absorb(result.errors, result.errorsTotal);
    // A file that could not be read at all has no statements (and no lines).
    const sections = result.sections ?? [];
    const kept: BankLine[] = [];
    const keptSections = sections.map((section) => {
      const first = kept.length;
      for (const line of result.lines.slice(
        section.firstLineIndex,
        section.firstLineIndex + section.lineCount,
      )) {
        const problem = lineTextProblem(line);
        if (problem === undefined) kept.push(line);
        else this.problems.add(problem);
      }
      return { ...section, firstLineIndex: first, lineCount: kept.length - first };
    });
    const unbalanced = checkBalances({ ...result, lines: kept, sections: keptSections });
    this.problems.addAll(unbalanced);
    for (const section of keptSections) {
      const { firstLineIndex, lineCount, ...head } = section;
      this.sections.push({ ...head, firstLineIndex: this.linesRead, lineCount: 0 });
      this.sink.section(head);
      for (const line of kept.slice(firstLineIndex, firstLineIndex + lineCount)) {
        this.sections[this.sections.length - 1]!.lineCount += 1;
        this.linesRead += 1;
        this.sink.line(line);
      }
    }
    return unbalanced;
  }
}

function readWholeText(format: StatementFormat, text: string): StatementImport {
  switch (format) {
    case 'camt053':
      return importCamt053(text);
    case 'mt940':
      return importMt940(text);
    case 'ofx':
      return importOfx(text);
    case 'csv':
      throw new Error('CSV is read as a stream');
  }
}

function csvSection(account: string | null): SectionHead {
  return { statementId: null, account, opening: null, closing: null, sourceLine: 1 };
}

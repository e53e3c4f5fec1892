/**
 * The problems of one statement file: every one is counted, the first 100 by line are kept with their
 * text bounded, so a file with a million bad lines is answered in a few kilobytes.
 */
import type { StatementProblem } from '../../../../shared/domain/statements';
import { MAX_PROBLEM_CHARS, MAX_PROBLEMS_LISTED } from './limits';

/** Where a reader puts problems: an array, or a ProblemList that keeps only the first ones. */
export interface Problems {
  push(...problems: StatementProblem[]): number;
  readonly length: number;
}

export class ProblemList implements Problems {
  private readonly kept: StatementProblem[] = [];
  private counted = 0;
  private sorted = true;

  constructor(private readonly limit = MAX_PROBLEMS_LISTED) {}

  add(problem: StatementProblem): void {
    this.counted += 1;
    const bounded =
      problem.problem.length > MAX_PROBLEM_CHARS
        ? { ...problem, problem: `${problem.problem.slice(0, MAX_PROBLEM_CHARS - 1)}…` }
        : problem;
    const last = this.kept[this.kept.length - 1];
    if (this.kept.length < this.limit) {
      if (last !== undefined && last.line > bounded.line) this.sorted = false;
      this.kept.push(bounded);
      return;
    }
    // Full: keep the lowest lines (problems mostly arrive in line order, so this is rare).
    this.sortKept();
    if (last !== undefined && bounded.line < this.kept[this.kept.length - 1]!.line) {
      this.kept[this.kept.length - 1] = bounded;
      this.sorted = false;
    }
  }

  addAll(problems: Iterable<StatementProblem>): void {
    for (const problem of problems) this.add(problem);
  }

  /** As an array's push, so a reader can collect into either. */
  push(...problems: StatementProblem[]): number {
    for (const problem of problems) this.add(problem);
    return this.counted;
  }

  /** How many problems so far (as an array's length: a reader compares it before and after a step). */
  get length(): number {
    return this.counted;
  }

  /** Another list's kept problems, and the count of those it did not keep. */
  absorb(problems: readonly StatementProblem[], total = problems.length): void {
    this.addAll(problems);
    this.counted += Math.max(0, total - problems.length);
  }

  /** How many problems there were in all. */
  get total(): number {
    return this.counted;
  }

  get isEmpty(): boolean {
    return this.counted === 0;
  }

  /** The kept problems, by line. */
  list(): StatementProblem[] {
    this.sortKept();
    return [...this.kept];
  }

  private sortKept(): void {
    if (this.sorted) return;
    this.kept.sort((a, b) => a.line - b.line);
    this.sorted = true;
  }
}

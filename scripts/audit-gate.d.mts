export interface Advisory {
  id: number | string | null;
  url: string | null;
  name: string;
  title: string;
  severity: string;
  range: string;
}
export interface Review {
  id?: number | string;
  url?: string;
  name?: string;
  severity: string;
  decision: string;
  reason: string;
}
export const GATED_SEVERITIES: string[];
export function advisoriesOf(report: unknown): Advisory[];
export function reviewProblems(reviewFile: unknown): string[];
export function reviewFor(advisory: Advisory, reviewed: Review[]): Review | undefined;
export function reportError(report: unknown): string | null;
export function evaluateAudit(report: unknown, reviewFile: unknown): { exitCode: 0 | 1 | 2; lines: string[] };

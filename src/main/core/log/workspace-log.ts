/**
 * The workspace's log (logger.ts): redacted, rotated, and never a reason for a call to fail. What
 * the shell says must never be logged (its token, the credentials it was given) is redacted from
 * the first line on; the composition root adds the secrets it learns later to the same redactor.
 */
import type { Clock } from '../clock';
import { createFileLogger, resolveLogLevel, type Logger } from './logger';
import { Redactor } from './redact';

export function createWorkspaceLog(
  options: {
    workspaceDir: string;
    logLevel?: string;
    redactValues?: string[];
    credentials?: { apiKey: string; apiSecret: string };
  },
  clock: Clock,
): { log: Logger; redactor: Redactor } {
  const redactor = new Redactor();
  for (const value of [
    ...(options.redactValues ?? []),
    options.credentials?.apiKey,
    options.credentials?.apiSecret,
  ])
    redactor.addSecret(value);
  const log = createFileLogger({
    workspaceDir: options.workspaceDir,
    clock,
    level: resolveLogLevel(options.logLevel),
    redactor,
  });
  return { log, redactor };
}

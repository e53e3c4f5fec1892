/**
 * journals:export — the journals of a period written in an accounting product's import format.
 * Every file is written beside its destination and renamed into place only once all are complete
 * (a failure leaves none of them); then the audit log records the export with each file's SHA-256,
 * so whoever imports a file can check it is the one FloatDesk wrote.
 */
import { createHash, randomUUID } from 'node:crypto';
import { basename, extname } from 'node:path';
import { readFile, rm } from 'node:fs/promises';
import type { ChannelInput } from '../../../shared/ipc/contract';
import type { JournalExport } from '../../../shared/ipc/contract-journals';
import { AppError } from '../../../shared/ipc/errors';
import { chooseDestination } from '../export/destination';
import { PartialFile } from '../export/partial-file';
import { fileSystemError } from '../files/fs-errors';
import { appendInTransaction } from '../recon/audit/audit-log';
import { auditActor, byName, type ReconContext } from '../recon/context';
import type { AccountMapping } from './account-mapping';
import { genericCsv } from './formats/generic-csv';
import { writeJournalsXlsx } from './formats/journals-xlsx';
import { netsuiteCsv } from './formats/netsuite-csv';
import { quickbooksCsv } from './formats/quickbooks-csv';
import { sageCsvFiles } from './formats/sage-csv';
import { xeroCsvFiles } from './formats/xero-csv';
import { applyConversion, requireConversion } from './conversion';
import { linesOf } from './journal-amounts';
import { buildJournals } from './journal-rules';
import { mappingFor } from './mapping-source';
import { changesSinceLastExport } from './export-changes';
import { journalFileName } from './journal-file-name';
import { readPeriodFacts } from './period-facts';
import type { Journal } from './types';

type ExportInput = ChannelInput<'journals:export'>;
type ExportOutput = JournalExport;

/** A file to write: its text, or (XLSX) a writer that fills the file at the path it is given. */
interface FileText {
  path: string;
  /** The name a person gets the file under (a download's name; the chosen file's own). */
  fileName: string;
  text: string | ((path: string) => Promise<unknown>);
  lines: number;
}

/** `journal.csv` → `journal-2.csv` for the second of several files. */
export function numberedPath(path: string, number: number, of: number): string {
  if (of <= 1) return path;
  const extension = extname(path);
  return `${path.slice(0, path.length - extension.length)}-${number}${extension}`;
}

/** Files of a split export, numbered when there is more than one. */
function numbered(
  files: readonly { number: number; of: number; text: string; lines: number }[],
  destination: string,
  fileName: string,
): FileText[] {
  return files.map((file) => ({
    path: numberedPath(destination, file.number, file.of),
    fileName: numberedPath(fileName, file.number, file.of),
    text: file.text,
    lines: file.lines,
  }));
}

function filesOf(
  format: ExportInput['format'],
  journals: readonly Journal[],
  destination: string,
  fileName: string,
): FileText[] {
  const lineTotal = journals.reduce((n, journal) => n + linesOf(journal).length, 0);
  switch (format) {
    case 'csv':
      return [{ path: destination, fileName, text: genericCsv(journals), lines: lineTotal }];
    case 'xero':
      return numbered(xeroCsvFiles(journals), destination, fileName);
    case 'quickbooks':
      return [{ path: destination, fileName, text: quickbooksCsv(journals), lines: lineTotal }];
    case 'sage':
      return numbered(sageCsvFiles(journals), destination, fileName);
    case 'netsuite':
      return [{ path: destination, fileName, text: netsuiteCsv(journals), lines: lineTotal }];
    case 'xlsx':
      return [
        { path: destination, fileName, text: (path) => writeJournalsXlsx(journals, path), lines: lineTotal },
      ];
  }
}

function mappingOf(context: ReconContext, input: ExportInput): AccountMapping {
  const mapping = mappingFor(context.db, context.workspaceId, input.accounts);
  if (mapping === null)
    throw new AppError(
      'invalid_input',
      'Journals need the account mapping: set the accounts in Settings → Accounting, or give the mapping CSV (--accounts), with a row per float and currency.',
      { issues: [{ field: 'accounts', problem: 'no account mapping' }] },
    );
  return mapping;
}

/** Write all files, or none: each is renamed into place only once every one is complete. */
async function writeAll(files: readonly FileText[]): Promise<{ sha256: string; bytes: number }[]> {
  const partials: PartialFile[] = [];
  const committed: string[] = [];
  try {
    for (const file of files) {
      const partial = await PartialFile.create(file.path);
      partials.push(partial);
      if (typeof file.text === 'string') await partial.write(file.text);
      else {
        await partial.release();
        await file.text(partial.path);
      }
    }
    const written: { sha256: string; bytes: number }[] = [];
    for (const [index, partial] of partials.entries()) {
      const { text } = files[index]!;
      const content = typeof text === 'string' ? text : await readFile(partial.path);
      const sha256 = createHash('sha256').update(content).digest('hex');
      const bytes = await partial.commit();
      committed.push(partial.destination);
      written.push({ sha256, bytes });
    }
    return written;
  } catch (error) {
    await Promise.all(partials.map((partial) => partial.discard()));
    await Promise.all(committed.map((path) => rm(path, { force: true }).catch(() => undefined)));
    throw fileSystemError(error, { what: 'the journal file', folder: files[0]?.path ?? '' }) ?? error;
  }
}

export async function exportJournals(
  context: ReconContext,
  workspaceDir: string,
  input: ExportInput,
): Promise<ExportOutput> {
  const mapping = mappingOf(context, input);
  const source = readPeriodFacts(context, input.asOf);
  const converted = applyConversion(
    source.facts,
    buildJournals(source.facts, mapping),
    mapping,
    input.conversion,
  );
  requireConversion(converted.missing);
  const { set } = converted;
  const { journals, notPosted } = set;
  // Before this export is recorded: the last one is the one before it.
  const sinceLastExport = changesSinceLastExport(
    context,
    input.asOf,
    mapping,
    { signOffId: source.facts.signOffId, set },
    input.conversion,
  );
  const { period } = source.facts;
  if (journals.length === 0)
    throw new AppError(
      'not_found',
      `Nothing to post for ${period.from} to ${period.to}: no top-up was paid, no spend derived and nothing resolved in the period.${source.notes.length > 0 ? ` ${source.notes.join(' ')}` : ''}`,
    );
  // Without a destination (the browser shell) the files go to the workspace's exports folder, each
  // to be downloaded once under its own id.
  const exportId = randomUUID();
  const chosen =
    input.destination !== undefined ? basename(input.destination) : journalFileName(input.asOf, input.format);
  const destination = chooseDestination(input.destination, workspaceDir, exportId, chosen);
  const files = filesOf(input.format, journals, destination, chosen);
  const written = await writeAll(files);
  const shown = files.map((file, index) => ({
    path: file.path,
    fileName: file.fileName,
    downloadId:
      input.destination !== undefined ? null : files.length > 1 ? `${exportId}-${index + 1}` : exportId,
    lines: file.lines,
    ...written[index]!,
  }));
  try {
    context.db.transaction(() =>
      appendInTransaction(context.db, {
        workspaceId: context.workspaceId,
        at: context.now(),
        actor: auditActor(context),
        action: 'journal.exported',
        subject: `journals:${input.asOf}`,
        details: {
          asOf: input.asOf,
          period,
          signOffId: source.facts.signOffId,
          draft: source.facts.signOffId === null,
          format: input.format,
          files: shown.map((file) => ({ name: file.fileName, sha256: file.sha256, bytes: file.bytes })),
          journals: journals.map((journal) => journal.id),
          ...(converted.used === null ? {} : { conversion: converted.used }),
          ...byName(context.actorName()),
        },
      }),
    )();
  } catch (error) {
    // Not recorded, not written: the audit log records every journal export.
    await Promise.all(shown.map((file) => rm(file.path, { force: true }).catch(() => undefined)));
    throw error;
  }
  return {
    asOf: input.asOf,
    period,
    signOffId: source.facts.signOffId,
    draftWhy: source.draftWhy,
    format: input.format,
    files: shown,
    journals: journals.map((journal) => ({
      id: journal.id,
      kind: journal.kind,
      currency: journal.currency,
      convertedFrom: journal.convertedFrom,
      entries: journal.entries.length,
      lines: linesOf(journal).length,
    })),
    conversion: converted.used,
    notPosted: notPosted.map(({ kind, id, why }) => ({ kind, id, why })),
    notes: source.notes,
    sinceLastExport,
  };
}

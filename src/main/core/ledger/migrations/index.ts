import workspacesFloats from './0001-workspaces-floats.sql?raw';
import syncLedger from './0002-sync-ledger.sql?raw';
import locks from './0003-locks.sql?raw';
import brandsAsSent from './0004-brands-as-sent.sql?raw';
import transferDrafts from './0005-transfer-drafts.sql?raw';
import balanceAlerts from './0006-balance-alerts.sql?raw';
import settings from './0007-settings.sql?raw';
import bankStatements from './0008-bank-statements.sql?raw';
import auditLog from './0009-audit-log.sql?raw';
import reconciliation from './0010-reconciliation.sql?raw';
import periodClose from './0011-period-close.sql?raw';
import catalogueSearch from './0012-catalogue-search.sql?raw';
import applicationId from './0013-application-id.sql?raw';
import statementImports from './0014-statement-imports.sql?raw';
import noticeFilesPrivate from './0015-notice-files-private.sql?raw';
import reconSettings from './0016-recon-settings.sql?raw';
import openingBalances from './0017-opening-balances.sql?raw';
import transferPaymentDetails from './0018-transfer-payment-details.sql?raw';
import signerNames from './0019-signer-names.sql?raw';
import reconReading from './0020-recon-reading.sql?raw';
import team from './0021-team.sql?raw';
import signOffReview from './0022-signoff-review.sql?raw';
import teamApplied from './0023-team-applied.sql?raw';
import accountMappings from './0024-account-mappings.sql?raw';
import linesSeenOnCompletion from './0025-lines-seen-on-completion.sql?raw';
import booksCurrency from './0026-books-currency.sql?raw';
import taxCodesByLine from './0027-tax-codes-by-line.sql?raw';
import teamAppliedBySeq from './0028-team-applied-by-seq.sql?raw';
import reconFollowsDecisions from './0029-recon-follows-decisions.sql?raw';
import reconFollowsImports from './0030-recon-follows-imports.sql?raw';
import reconRunPending from './0031-recon-run-pending.sql?raw';
import reconItemFilters from './0032-recon-item-filters.sql?raw';
import teamSchemaSeen from './0033-team-schema-seen.sql?raw';

export interface Migration {
  /** The schema version this step produces; steps are numbered 1, 2, 3 ... without gaps. */
  version: number;
  name: string;
  sql: string;
}

/** Ordered list of every schema step. Append only: a released step is never edited. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'workspaces-floats', sql: workspacesFloats },
  { version: 2, name: 'sync-ledger', sql: syncLedger },
  { version: 3, name: 'locks', sql: locks },
  { version: 4, name: 'brands-as-sent', sql: brandsAsSent },
  { version: 5, name: 'transfer-drafts', sql: transferDrafts },
  { version: 6, name: 'balance-alerts', sql: balanceAlerts },
  { version: 7, name: 'settings', sql: settings },
  { version: 8, name: 'bank-statements', sql: bankStatements },
  { version: 9, name: 'audit-log', sql: auditLog },
  { version: 10, name: 'reconciliation', sql: reconciliation },
  { version: 11, name: 'period-close', sql: periodClose },
  { version: 12, name: 'catalogue-search', sql: catalogueSearch },
  { version: 13, name: 'application-id', sql: applicationId },
  { version: 14, name: 'statement-imports', sql: statementImports },
  { version: 15, name: 'notice-files-private', sql: noticeFilesPrivate },
  { version: 16, name: 'recon-settings', sql: reconSettings },
  { version: 17, name: 'opening-balances', sql: openingBalances },
  { version: 18, name: 'transfer-payment-details', sql: transferPaymentDetails },
  { version: 19, name: 'signer-names', sql: signerNames },
  { version: 20, name: 'recon-reading', sql: reconReading },
  { version: 21, name: 'team', sql: team },
  { version: 22, name: 'signoff-review', sql: signOffReview },
  { version: 23, name: 'team-applied', sql: teamApplied },
  { version: 24, name: 'account-mappings', sql: accountMappings },
  { version: 25, name: 'lines-seen-on-completion', sql: linesSeenOnCompletion },
  { version: 26, name: 'books-currency', sql: booksCurrency },
  { version: 27, name: 'tax-codes-by-line', sql: taxCodesByLine },
  { version: 28, name: 'team-applied-by-seq', sql: teamAppliedBySeq },
  { version: 29, name: 'recon-follows-decisions', sql: reconFollowsDecisions },
  { version: 30, name: 'recon-follows-imports', sql: reconFollowsImports },
  { version: 31, name: 'recon-run-pending', sql: reconRunPending },
  { version: 32, name: 'recon-item-filters', sql: reconItemFilters },
  { version: 33, name: 'team-schema-seen', sql: teamSchemaSeen },
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS.length;

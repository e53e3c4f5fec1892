#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { toErrorShape } from '../shared/ipc/errors';
import { translateStorageError } from '../main/core/ledger/storage-errors';
import { UsageError, flagOption, parseCommandLine, portOption, stringOption } from './arguments';
import { auditCommand } from './audit-command';
import { backupCommand, restoreCommand } from './backup-command';
import { floatsCommand, statusCommand } from './commands';
import { journalCommand } from './journal-command';
import { exportCommand } from './export-command';
import { reconcileCommand } from './reconcile-command';
import { serve } from './serve';
import { simulatorCommand } from './simulator-command';
import { syncCommand } from './sync-command';
import { teamCommand, teamPassword } from './team-command';
import { workspaceCommand } from './workspace-command';
import { APP_VERSION } from './version';

const USAGE = `FloatDesk ${APP_VERSION}

Usage: floatdesk <command> [options]

Commands:
  serve [--workspace <dir>] [--port <n>]
        Run the browser shell on 127.0.0.1 and print the URL to open
  workspace init <dir> --base-url <url> [--name <name>]
        Create (or re-point) a workspace for a platform connection
  sync [--workspace <dir>] [--only floats,transfers,brands,templates] [--since YYYY-MM-DD]
        Bring the ledger up to date with the platform (credentials: FLOATDESK_API_KEY and
        FLOATDESK_API_SECRET; the demo workspace needs none)
  status [--workspace <dir>] [--json]
        Show the version, workspace, ledger file and schema version
  floats [--workspace <dir>] [--currency <CODE>] [--json]
        List floats with their latest balances
  backup [--workspace <dir>] [--to <file>]
        Copy the ledger while it is in use (default <workspace>/backups/ledger-YYYYMMDD-HHMMSS.sqlite,
        UTC), check the copy and print its path. The ledger itself is only read, never changed
  restore --from <file> [--workspace <dir>] [--accept-audit-damage]
        Replace the ledger with a checked backup; the current one is kept as
        ledger.sqlite.before-restore-<timestamp>. Refused while another FloatDesk uses the workspace,
        and when the backup's audit log does not check out unless --accept-audit-damage is given
  audit verify [--workspace <dir>]
        Check the hash-chained audit log and every decision and sign-off that refers to it
        (read-only); exits 1 naming the first entry that was changed or is missing. In a team, also
        the team's log, compared with the server's when FLOATDESK_TEAM_PASSWORD is set
  reconcile import <file> [--workspace <dir>] [--format auto|csv|camt053|mt940|ofx] [--profile <name>]
                   [--currency <code>]
        Import a bank statement; a statement that does not add up or has problems is refused (exit 1)
        with the line of every problem. A CSV without --profile is read by its column titles when they
        name the columns unambiguously (the mapping is printed on a line before the result); --currency
        gives the account's currency when such a file names none
  reconcile profile list [--workspace <dir>] [--json]
        List the saved CSV column profiles, each with how it reads a file
  reconcile profile save <name> --from <file> --date <title> (--amount <title> | --debit <title>
                         --credit <title>) [--reference <title>] [--text <title>]... [--balance <title>]
                         [--date-format <fmt>] [--decimal , | .] [--currency <code>] [--workspace <dir>]
        Save a CSV column profile from the titles of a bank's file; every row of the file must read
        with it (the first that does not is named with its line)
  reconcile run [--workspace <dir>] [--as-of YYYY-MM-DD] [--json]
        Match bank lines and transfer requests, store the automatic matches and print the summary:
        counts per state, totals and the roll-forward difference per currency
  reconcile signoff --as-of YYYY-MM-DD [--workspace <dir>] [--acknowledge-open] [--note <text>] [--json]
        Sign off the reconciliation as of the date: locks what is matched or resolved by then and
        prints the sign-off's number (--json: {"id", "state"}). Refused while anything stays open
        unless --acknowledge-open. In a team it awaits review by a reviewer other than you
  reconcile review <signoff-id> [--workspace <dir>] --approve|--reject [--note <text>]
        A reviewer's verdict on a sign-off awaiting review (team mode; a rejection needs a note).
        The team's database decides who may: a refused review exits 1 with the reason
  export <balances|balance-history|transfers|brands|brand-changes|reconciliation|audit>
         [--workspace <dir>] --format csv|csv-regional|xlsx --out <file> [filters]
        Write a table or report to a spreadsheet file (written to a temporary name, renamed into
        place when complete). Filters, as on screen:
          transfers        --float --currency --reference --from --to --status <s>[,<s>] (repeatable)
                           --text --sort <column>[:asc|desc] --with-history
          balances         --currency --float
          balance-history  --currency --float --from --to
          brands           --text --currency --country --category --status
          brand-changes    --brand --from --to
          reconciliation   --as-of --state <s> (repeatable) --ageing --search --currency --float
                           --direction in|out --min --max --part --sign-off <id>
                           (whole report; with an open-item filter: only those open items, named in the file)
          audit            --from --to --action
        Dates are YYYY-MM-DD. Progress on stderr (terminal only); rows, bytes and path on stdout
  export journal --format xero|quickbooks|sage|netsuite|csv|xlsx --as-of YYYY-MM-DD --out <file>
         [--accounts <mapping.csv>] [--books-currency GBP] [--rates <rates.csv>]
         [--rate EUR=0.8612 ...] [--workspace <dir>]
        The period's journals for the books (top-ups, refunds due, derived spend, fees): from the
        sign-off as of the date, else a DRAFT. The mapping CSV has the titles float,currency,
        float_account,bank_account,cost_account,variance_account,refunds_account[,tax_code,tracking,
        rounding_account]. Journals in another currency than the books' (--books-currency, else
        Settings → Accounting's) are converted at the rates of a CSV date,currency,rate (empty date:
        the period's rate) and --rate (a period rate), the rounding to each float's rounding account.
        Prints each file with its SHA-256; the audit log records the export.
  simulator [--port <n>] [--seed <s>] [--floats <n>] [--transfers <n>] [--brands <n>]
            [--adversarial] [--admin] [--api-key <key>] [--api-secret <secret>]
            [--time-scale <x>] [--list-cap <n>] [--end-date-exclusive] [--legacy-floats-shape]
            [--timestamp-skew-ms <ms>] [--floats-cache-ms <ms>] [--time-zone <IANA zone>]
            [--error-data-shape <shape>] [--overfull-group]
        Run the platform simulator and print its base URL and the credentials it accepts

  team init --database <postgres-url>
        Create the team database's schema and roles, or bring them up to date (run it again: nothing
        changes). Run it as the database's owner; the URL names the login, never the password
  team grant <login> preparer|reviewer|admin --database <postgres-url>
        Give an existing PostgreSQL login its role in the team (run by a team admin)
  team join [--workspace <dir>] --database <postgres-url>
        Join this workspace to its team's database and take what the team has shared so far
  team status [--workspace <dir>] [--json]
        Online or not, changes waiting to go out, last exchange, the team's people and conflicts;
        --json prints {"online","queued","lastPull","members":[{"name","role"}],"conflicts"}
  team sync [--workspace <dir>]
        Send what waits and take what the others shared, now
        The password of --database's login comes from FLOATDESK_TEAM_PASSWORD or a hidden prompt

Options:
  --workspace <dir>     The workspace folder (default: the demo workspace in the data folder)
  -h, --help            Show this help
  -v, --version         Show the version

Environment: FLOATDESK_HOME overrides the data folder (default ~/.config/FloatDesk on Linux).
Exit codes: 0 done, 1 failed, 2 wrong usage.`;

// Computed here, in the entry file: a shared module would be emitted elsewhere and point at nothing.
const WORKER_URL = new URL('./core-worker.js', import.meta.url);
const RENDERER_DIR = fileURLToPath(new URL('../renderer/', import.meta.url));
const EXPORT_WORKER_PATH = fileURLToPath(new URL('./export-worker.js', import.meta.url));
const STATEMENT_WORKER_PATH = fileURLToPath(new URL('./statement-worker.js', import.meta.url));

/** Resolves to the exit code, or to null for a command that keeps running until a signal. */
async function main(argv: string[]): Promise<number | null> {
  const print = (text: string): void => console.log(text);
  const line = parseCommandLine(argv);
  if (line.kind === 'help') return (print(USAGE), 0);
  if (line.kind === 'version') return (print(APP_VERSION), 0);
  const { command, values } = line;
  const context = { workspace: stringOption(values, 'workspace'), json: flagOption(values, 'json'), print };
  switch (command) {
    case 'serve':
      await serve({
        workspace: context.workspace,
        port: portOption(values),
        workerUrl: WORKER_URL,
        rendererDir: RENDERER_DIR,
        print,
      });
      return null;
    case 'status':
      await statusCommand(context);
      return 0;
    case 'floats':
      await floatsCommand(context, stringOption(values, 'currency'));
      return 0;
    case 'backup':
      await backupCommand(context, stringOption(values, 'to'));
      return 0;
    case 'restore':
      await restoreCommand(context, stringOption(values, 'from'), flagOption(values, 'accept-audit-damage'));
      return 0;
    case 'audit':
      return auditCommand(line.positionals, {
        ...context,
        teamPassword: process.env.FLOATDESK_TEAM_PASSWORD,
      });
    case 'reconcile':
      return reconcileCommand(line.positionals, values, {
        ...context,
        statementWorkerPath: STATEMENT_WORKER_PATH,
        teamPassword: () =>
          teamPassword(
            { print, env: process.env, terminal: { input: process.stdin, output: process.stderr } },
            'the team database',
          ),
      });
    case 'export':
      if (line.positionals[0] === 'journal') return journalCommand(values, print);
      return exportCommand(line.positionals, values, print, EXPORT_WORKER_PATH);
    case 'simulator':
      await simulatorCommand(values, print);
      return null;
    case 'sync':
      return syncCommand(values, print);
    case 'team':
      return teamCommand(line.positionals, values, {
        print,
        env: process.env,
        terminal: { input: process.stdin, output: process.stderr },
      });
    case 'workspace':
      await workspaceCommand(line.positionals, values, print);
      return 0;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== null) process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`floatdesk: ${error.message}`);
      process.exitCode = 2;
      return;
    }
    // Commands that work on the ledger without a core (backup, restore, audit) end here too.
    const shape = toErrorShape(translateStorageError(error, ''));
    console.error(`floatdesk: ${shape.message} [${shape.code}]`);
    process.exitCode = 1;
  },
);

/** Parses the command line and runs one command. Returns the exit code. */
import { parseArgs } from 'node:util';
import type { CliIo } from './cli-io';
import { compareCommand } from './compare-command';
import { diffCommand } from './diff-command';
import { inspectCommand } from './inspect-command';
import { openCommand } from './open-command';
import { serveCommand } from './serve-command';
import { validateCommand } from './validate-command';

export const USAGE = `Lineage Explorer — read what AI agents did.

Usage:
  lineage-explorer inspect [PATH…] [--json] [--home DIR]
      summarise provenance logs, session folders, a sciagent home, TreeTrace bundles,
      step traces or change ledgers (no PATH: the home given by --home, $SCIAGENT_HOME or ~/.sciagent)
  lineage-explorer validate TRACE [--json]
      check a step trace and its evidence files: valid, invalid or rejected
  lineage-explorer diff LEDGER BOOKMARK_A BOOKMARK_B [--json]
      files changed between two bookmarks of a change ledger folder, lines added and removed
  lineage-explorer compare LOG_A[@SEQ] LOG_B[@SEQ] [--json]
      the lineage graphs of two sessions, or of one session at two seqs, compared step by step
  lineage-explorer serve [--home DIR] [--port N] [PATH…]
      follow sessions live and serve the app on 127.0.0.1; prints the URL to open
  lineage-explorer open PATH…
      open folders, logs or bundles in the desktop app (needs its Electron binary)
  lineage-explorer --help | --version

PATH is a provenance.jsonl, a session folder (sessions/<id>/) or a sciagent home (~/.sciagent);
a file whose first line is a step trace header or step event is read as a step trace;
a folder holding events.jsonl (or that file) is read as a change ledger;
a project folder with .treetrace/, a .treetrace/ folder, a tree.json, a .zip or .tar.gz bundle, or a
folder of per-session bundles with an index.json is read as TreeTrace.
Exit codes: 0 read (parse errors or not) · 2 usage error or unreadable path.
validate: 0 valid · 1 invalid or rejected · 2 usage error or unreadable trace.
diff: 0 diffed · 2 usage error, unreadable ledger or unknown bookmark.
compare: 0 compared · 2 usage error or unreadable log.`;

export async function runCli(argv: string[], io: CliIo, version: string): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.out(USAGE);
    return command ? 0 : 2;
  }
  if (command === '--version' || command === '-v') {
    io.out(version);
    return 0;
  }
  switch (command) {
    case 'inspect': {
      const parsed = parse(rest, { json: { type: 'boolean' }, home: { type: 'string' } }, io);
      if (!parsed) return 2;
      const values = parsed.values as { json?: boolean; home?: string };
      return inspectCommand(parsed.positionals, { json: values.json === true, home: values.home }, io);
    }
    case 'validate': {
      const parsed = parse(rest, { json: { type: 'boolean' } }, io);
      if (!parsed) return 2;
      return validateCommand(
        parsed.positionals,
        { json: (parsed.values as { json?: boolean }).json === true },
        io,
      );
    }
    case 'diff': {
      const parsed = parse(rest, { json: { type: 'boolean' } }, io);
      if (!parsed) return 2;
      return diffCommand(
        parsed.positionals,
        { json: (parsed.values as { json?: boolean }).json === true },
        io,
      );
    }
    case 'compare': {
      const parsed = parse(rest, { json: { type: 'boolean' } }, io);
      if (!parsed) return 2;
      return compareCommand(
        parsed.positionals,
        { json: (parsed.values as { json?: boolean }).json === true },
        io,
      );
    }
    case 'open':
      return openCommand(rest, io);
    case 'serve': {
      const parsed = parse(rest, { home: { type: 'string' }, port: { type: 'string' } }, io);
      if (!parsed) return 2;
      const values = parsed.values as { home?: string; port?: string };
      return serveCommand(parsed.positionals, values, io, version);
    }
    default:
      io.err(`lineage-explorer: unknown command '${command}'\n\n${USAGE}`);
      return 2;
  }
}

type Options = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

function parse(args: string[], options: Options, io: CliIo) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    io.err(`lineage-explorer: ${(error as Error).message}`);
    return null;
  }
}

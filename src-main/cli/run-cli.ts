/** Parses the command line and runs one command. Returns the exit code. */
import { parseArgs } from 'node:util';
import type { CliIo } from './cli-io';
import { inspectCommand } from './inspect-command';

export const USAGE = `Lineage Explorer — read what AI agents did.

Usage:
  lineage-explorer inspect [PATH…] [--json] [--home DIR]
      summarise provenance logs, session folders or a sciagent home
      (no PATH: the home given by --home, $SCIAGENT_HOME or ~/.sciagent)
  lineage-explorer --help | --version

PATH is a provenance.jsonl, a session folder (sessions/<id>/) or a sciagent home (~/.sciagent).
Exit codes: 0 read (parse errors or not) · 2 usage error or unreadable path.`;

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
      const parsed = parse(rest, { json: { type: 'boolean' } }, io);
      if (!parsed) return 2;
      return inspectCommand(
        parsed.positionals,
        { json: (parsed.values as { json?: boolean }).json === true },
        io,
      );
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

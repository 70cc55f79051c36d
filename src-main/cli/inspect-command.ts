/**
 * `lineage-explorer inspect PATH… [--json]`: read logs and print what they hold.
 * Exit 0 when the input was read (parse errors or not); 2 for a usage error or a path that
 * cannot be read, with a one-line message naming the path.
 */
import { loadSciagentSession } from '../services/sessions/load-sciagent-session';
import { describeFsError, isHome, resolveHomeDir } from '../services/sources/sciagent-home';
import { formatSciagentSummary } from './format-sciagent-summary';
import { resolveInspectPath, type SessionInput } from './resolve-inputs';
import { inspectStepTrace } from './validate-command';
import { inspectLedger } from './inspect-ledger';
import { inspectTreeTrace } from './inspect-treetrace';
import type { CliIo } from './cli-io';

export async function inspectCommand(
  givenPaths: string[],
  options: { json: boolean; home?: string },
  io: CliIo,
): Promise<number> {
  let paths = givenPaths;
  if (paths.length === 0) {
    // No PATH: the sciagent home (--home, SCIAGENT_HOME or ~/.sciagent), when there is one.
    const home = resolveHomeDir(options.home);
    if (!(await isHome(home))) {
      io.err(
        `lineage-explorer inspect: no PATH given and no sciagent home at ${home} — give a provenance.jsonl, a session folder or a sciagent home`,
      );
      return 2;
    }
    paths = [home];
  }
  let exit = 0;
  const results: unknown[] = [];
  const texts: string[] = [];
  for (const p of paths) {
    const resolved = await resolveInspectPath(p);
    if (!resolved.ok) {
      io.err(`lineage-explorer: ${resolved.message}`);
      exit = 2;
      continue;
    }
    if (resolved.note) io.err(`lineage-explorer: ${resolved.note}`);
    for (const input of resolved.inputs) {
      if (input.kind === 'treetrace') {
        // One object per bundle (a set gives several); a path that opens no bundle is exit 2.
        const inspected = await inspectTreeTrace(input.path);
        if (inspected.ok) {
          results.push(...inspected.json);
          texts.push(inspected.text);
        } else {
          io.err(`lineage-explorer: ${inspected.message}`);
          exit = 2;
        }
        continue;
      }
      const file =
        input.kind === 'step-trace'
          ? input.path
          : input.kind === 'change-ledger'
            ? `${input.folder}/events.jsonl`
            : input.logPath;
      try {
        const { json, text } =
          input.kind === 'step-trace'
            ? await inspectStepTrace(input.path)
            : input.kind === 'change-ledger'
              ? await inspectLedger(input.folder)
              : await inspectSession(input);
        results.push(json);
        texts.push(text);
      } catch (error) {
        io.err(`lineage-explorer: cannot read ${file}: ${describeFsError(error as NodeJS.ErrnoException)}`);
        exit = 2;
      }
    }
  }
  if (options.json) io.out(JSON.stringify(results, null, 2));
  else if (texts.length) io.out(texts.join('\n\n'));
  return exit;
}

async function inspectSession(input: SessionInput): Promise<{ json: unknown; text: string }> {
  const childSessionExists = input.siblings ? (id: string) => input.siblings!.has(id) : undefined;
  const loaded = await loadSciagentSession(input.logPath, { sessionId: input.sessionId, childSessionExists });
  const summary = loaded.summary;
  const missingChildSessions = input.siblings
    ? summary.childSessions.filter((c) => !input.siblings!.has(c))
    : [];
  const json = {
    ...summary,
    missingChildSessions,
    subagentCheckpoints: (input.session?.subagents ?? []).map((s) => ({
      taskId: s.taskId,
      iterations: s.iterations,
      tornLines: s.tornLines,
      childSessionId: s.childSessionId,
    })),
    tasks: input.tasks.map((t) => ({ taskId: t.taskId, kind: t.kind, state: t.state })),
  };
  const extra: string[] = [];
  if (loaded.notReadBack)
    extra.push(
      `${loaded.notReadBack} event(s) could not be read back whole (the file changed while it was read): their long fields and truncated-field counts are as first read`,
    );
  if (missingChildSessions.length) extra.push(`missing child sessions: ${missingChildSessions.join(', ')}`);
  if (input.session?.subagents.length)
    extra.push(
      `subagent checkpoints: ${input.session.subagents
        .map((s) => `${s.taskId} (${s.iterations} iterations${s.tornLines ? `, ${s.tornLines} torn` : ''})`)
        .join(', ')}`,
    );
  if (input.tasks.length)
    extra.push(`tasks: ${input.tasks.map((t) => `${t.taskId} ${t.kind} ${t.state}`).join(', ')}`);
  return { json, text: formatSciagentSummary(summary, loaded.log, extra) };
}

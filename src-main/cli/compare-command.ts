/**
 * `lineage-explorer compare LOG_A[@SEQ] LOG_B[@SEQ] [--json]`: the derived lineage graphs of two
 * logs (or one log at two seqs) compared — nodes and edges added and removed, verdict flips,
 * corrections added, the steps aligned with unchanged runs collapsed. LOG is a provenance.jsonl or
 * a session folder; `@SEQ` cuts it where that seq was read (no `@`: the whole log).
 * Exit 0 when compared; 2 for a usage error or a log that cannot be read.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { CompareSideRef } from '../../src-shared/lineage/compare/compare-types';
import { compareSides } from '../../src-shared/lineage/compare/compare-sides';
import { formatCompareReport } from '../../src-shared/lineage/compare/compare-report';
import { readCompareSide } from '../services/compare/read-compare-side';
import { describeFsError } from '../services/fs/describe-fs-error';
import { PROVENANCE_FILE } from '../services/sources/sciagent-home';
import type { CliIo } from './cli-io';

/** `path@12` → the path and seq 12; an `@` not followed by digits belongs to the path. */
export function parseSideArg(arg: string): { file: string; uptoSeq: number | null } {
  const m = /^(.*)@(\d+)$/.exec(arg);
  if (m && m[1]) return { file: m[1], uptoSeq: Number(m[2]) };
  return { file: arg, uptoSeq: null };
}

async function resolveLog(file: string): Promise<string> {
  const abs = path.resolve(file);
  const info = await stat(abs);
  return info.isDirectory() ? path.join(abs, PROVENANCE_FILE) : abs;
}

export async function compareCommand(args: string[], options: { json: boolean }, io: CliIo): Promise<number> {
  if (args.length !== 2) {
    io.err('lineage-explorer compare: give LOG_A[@SEQ] LOG_B[@SEQ] (two logs, or one log at two seqs)');
    return 2;
  }
  const refs: CompareSideRef[] = [];
  for (const arg of args) {
    const { file, uptoSeq } = parseSideArg(arg);
    try {
      const log = await resolveLog(file);
      await stat(log);
      refs.push({ sessionKey: log, uptoSeq });
    } catch (error) {
      io.err(`lineage-explorer: cannot read ${file}: ${describeFsError(error as NodeJS.ErrnoException)}`);
      return 2;
    }
  }
  const sides = [];
  for (const ref of refs) {
    try {
      sides.push(await readCompareSide(ref));
    } catch (error) {
      io.err(
        `lineage-explorer: cannot read ${ref.sessionKey}: ${describeFsError(error as NodeJS.ErrnoException)}`,
      );
      return 2;
    }
  }
  const result = compareSides(sides[0]!, sides[1]!);
  io.out(options.json ? JSON.stringify(result, null, 2) : formatCompareReport(result));
  return 0;
}

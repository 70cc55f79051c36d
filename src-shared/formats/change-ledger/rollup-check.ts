/**
 * Rollup equivalence (SYS-PROV-008, CT-PROV-06): from the state before a rollup's first raw
 * event, its own patch must give each file what the raw events' patches give in turn. Checked
 * where that state is known (see replay.ts); files renamed or binary in the operation are skipped.
 */
import { applyPatch } from 'diff';
import type { EventPatch, FilePatch } from './patches';
import { lookup, type LedgerReplay } from './replay';
import { EVENTS_FILE, type LedgerEvent, type LedgerRollup, type LedgerViolation } from './types';

export async function checkRollups(
  rollups: readonly LedgerRollup[],
  events: readonly LedgerEvent[],
  patches: ReadonlyMap<string, EventPatch>,
  replay: LedgerReplay,
): Promise<LedgerViolation[]> {
  const out: LedgerViolation[] = [];
  const byKey = new Map(events.map((e) => [e.key, e]));
  for (const rollup of rollups) {
    const own = patches.get(rollup.eventKey);
    const raws = rollup.rawEventKeys.map((k) => byKey.get(k)!);
    if (own?.status !== 'ok' || raws.length === 0) continue;
    const rawPatches: FilePatch[][] = [];
    let usable = true;
    for (const e of raws) {
      const p = patches.get(e.key);
      if (p?.status === 'ok') rawPatches.push(p.files);
      else if (e.diffMode === 'binary' || (p && p.status !== 'none')) usable = false;
      else rawPatches.push([]);
    }
    if (!usable) continue;
    const all = [...own.files, ...rawPatches.flat()];
    const skip = new Set(
      all
        .filter((f) => f.binary || (f.oldPath !== null && f.newPath !== null && f.oldPath !== f.newPath))
        .map((f) => f.path),
    );
    const paths = [...new Set(all.map((f) => f.path))].filter((p) => !skip.has(p));
    const base = await replay.stateBefore(raws[0]!.index);
    const event = events[rollup.eventIndex]!;
    for (const path of paths) {
      const start = lookup(base, path);
      if (start.kind !== 'text' && start.kind !== 'absent') continue;
      const source = start.kind === 'text' ? start.text : null;
      const fromRaw = replayFile(
        source,
        rawPatches.flat().filter((f) => f.path === path),
      );
      const fromRollup = replayFile(
        source,
        own.files.filter((f) => f.path === path),
      );
      if (fromRaw.ok && fromRollup.ok && fromRaw.text === fromRollup.text) continue;
      const what = !fromRollup.ok
        ? "the rollup's patch does not apply where its raw events start"
        : !fromRaw.ok
          ? 'the raw events do not apply in turn'
          : 'the rollup gives different content than its raw events';
      out.push({
        eventId: event.id,
        rule: 'CT-PROV-06',
        message: `rollup of operation ${JSON.stringify(rollup.operationId)} (${raws.length} raw events) is not equivalent for ${path}: ${what}`,
        file: EVENTS_FILE,
        line: event.line,
        eventIndex: event.index,
        field: 'diff_path',
      });
    }
  }
  return out;
}

/** A file's content after patches in turn; null text = absent. */
function replayFile(
  source: string | null,
  patches: readonly FilePatch[],
): { ok: boolean; text: string | null } {
  let text = source;
  for (const fp of patches) {
    if (fp.newPath === null) {
      text = null;
      continue;
    }
    const result =
      fp.oldPath === null ? applyPatch('', fp.structured) : applyPatch(text ?? '', fp.structured);
    if (result === false) return { ok: false, text: null };
    text = result;
  }
  return { ok: true, text };
}

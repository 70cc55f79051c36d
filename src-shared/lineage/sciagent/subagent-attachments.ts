/**
 * Subagent observations and produces-validations name their subagent only by `subagent_name`.
 * Each attaches to the subagent of that name spawned last at or before its seq (or, before any
 * spawn, the first one). A per-name index sorted by seq keeps this O(log n) per event; a spawn
 * arriving out of order re-attaches only the events in the seq range it now owns.
 *
 * Names come from corrected views, and a correction may change them (a spawn renamed, an
 * observation moved to another subagent) in the same read as the event or any read later. Each
 * spawn and each attached event therefore remembers the name it is filed under, and a new name
 * takes it out of the old name's index first: the attachments are then those of a log written
 * with the corrected names from the start, whatever the chunking.
 */
import { lowerBound, upperBound } from '../../collections/sorted-search';

interface Spawn {
  seq: number;
  nodeId: string;
}

interface Attached {
  seq: number;
  eventId: string;
}

/** The name (and seq) an event is filed under, and the subagent node it resolves to now. */
interface Attachment {
  name: string;
  seq: number;
  target: string | null;
}

export class SubagentAttachments {
  private readonly spawns = new Map<string, Spawn[]>();
  private readonly attached = new Map<string, Attached[]>();
  private readonly attachments = new Map<string, Attachment>();
  /**
   * The name each spawn node is filed under: a lookup instead of a scan of the name's list (a
   * long session spawns the same subagent tens of thousands of times; the scan made a 1M-event
   * read quadratic, 2.2 s of it).
   */
  private readonly spawnNames = new Map<string, { name: string; seq: number }>();

  /**
   * Records a subagent node under its (corrected) name, or under none when `name` is null (a
   * correction removed it); returns the event ids whose attachment may have changed.
   */
  addSpawn(name: string | null, seq: number | null, nodeId: string): string[] {
    const filed = this.spawnNames.get(nodeId);
    if (filed?.name === name || (!filed && name === null)) return [];
    const changed: string[] = [];
    if (filed) {
      // Renamed: the old name's events it owned go back to that name's other spawns.
      const list = this.spawns.get(filed.name)!;
      const at = indexOfSpawn(list, filed.seq, nodeId);
      const wasFirst = at === 0;
      list.splice(at, 1);
      if (list.length === 0) this.spawns.delete(filed.name);
      this.spawnNames.delete(nodeId);
      this.reresolve(filed.name, wasFirst ? Number.NEGATIVE_INFINITY : filed.seq, changed);
    }
    if (name !== null) {
      const entry = { seq: seq ?? Number.POSITIVE_INFINITY, nodeId };
      const list = this.spawns.get(name) ?? [];
      list.splice(
        upperBound(list, entry.seq, (s) => s.seq),
        0,
        entry,
      );
      this.spawns.set(name, list);
      this.spawnNames.set(nodeId, { name, seq: entry.seq });
      // Events from this spawn's seq on (and, if it is now the first, all before it) may move.
      this.reresolve(name, list[0] === entry ? Number.NEGATIVE_INFINITY : entry.seq, changed);
    }
    return changed;
  }

  /**
   * Attaches an observation or validation by its (corrected) name — none when `name` is null —
   * and returns its subagent node (null when there is none yet).
   */
  attach(name: string | null, seq: number | null, eventId: string): string | null {
    const s = seq ?? Number.POSITIVE_INFINITY;
    const filed = this.attachments.get(eventId);
    if (filed && (filed.name !== name || filed.seq !== s)) {
      removeAttached(this.attached, filed.name, filed.seq, eventId);
      this.attachments.delete(eventId);
    }
    if (name === null) return null;
    if (!this.attachments.has(eventId)) {
      const list = this.attached.get(name) ?? [];
      list.splice(
        upperBound(list, s, (e) => e.seq),
        0,
        { seq: s, eventId },
      );
      this.attached.set(name, list);
    }
    const target = this.resolve(name, s);
    this.attachments.set(eventId, { name, seq: s, target });
    return target;
  }

  of(eventId: string): string | null {
    return this.attachments.get(eventId)?.target ?? null;
  }

  /** Re-resolves the name's events from `fromSeq` on, pushing those whose subagent changed. */
  private reresolve(name: string, fromSeq: number, changed: string[]): void {
    const events = this.attached.get(name) ?? [];
    for (let i = lowerBound(events, fromSeq, (e) => e.seq); i < events.length; i++) {
      const e = events[i]!;
      const attachment = this.attachments.get(e.eventId)!;
      const next = this.resolve(name, e.seq);
      if (next !== attachment.target) {
        attachment.target = next;
        changed.push(e.eventId);
      }
    }
  }

  private resolve(name: string, seq: number): string | null {
    const list = this.spawns.get(name);
    if (!list?.length) return null;
    const i = upperBound(list, seq, (s) => s.seq) - 1;
    return (i >= 0 ? list[i]! : list[0]!).nodeId;
  }
}

/** Where a spawn sits in its name's list: among the entries of its seq, the one with its node. */
function indexOfSpawn(list: Spawn[], seq: number, nodeId: string): number {
  for (let i = lowerBound(list, seq, (s) => s.seq); i < list.length && list[i]!.seq === seq; i++)
    if (list[i]!.nodeId === nodeId) return i;
  return list.findIndex((s) => s.nodeId === nodeId); // not reached: filed under this seq
}

function removeAttached(attached: Map<string, Attached[]>, name: string, seq: number, eventId: string): void {
  const list = attached.get(name);
  if (!list) return;
  for (let i = lowerBound(list, seq, (e) => e.seq); i < list.length && list[i]!.seq === seq; i++)
    if (list[i]!.eventId === eventId) {
      list.splice(i, 1);
      if (list.length === 0) attached.delete(name);
      return;
    }
}

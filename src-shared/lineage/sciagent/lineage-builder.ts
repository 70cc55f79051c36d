/**
 * Incremental sciagent lineage: feed it the reader's deltas, get graph deltas back.
 * Appending one event rebuilds that event's node and the few nodes that depend on it.
 */
import type { EventView, LogDelta, SessionLog } from '../../formats/sciagent/session-log';
import { ReactiveGraph } from '../reactive-graph';
import type { LineageDelta, LineageEdge, LineageNode } from '../types';
import { buildNode, type BuilderFacts } from './build-nodes';
import { membershipOf, nodeIds } from './membership';
import { SubagentAttachments } from './subagent-attachments';
import { str } from '../../formats/sciagent/types';

/** A member id that keeps the session node alive before any session_end arrives. */
const SESSION_ANCHOR = '\u0000session';

export interface LineageBuilderOptions {
  childSessionExists?: (sessionId: string) => boolean | undefined;
}

export class SciagentLineageBuilder {
  private readonly graph: ReactiveGraph;
  private readonly membership = new Map<string, string | null>();
  private maxCorrectionSeq: number | null = null;
  private readonly attachments = new SubagentAttachments();

  constructor(
    private readonly log: SessionLog,
    readonly sessionId: string,
    options: LineageBuilderOptions = {},
  ) {
    const facts: BuilderFacts = {
      sessionId,
      view: (eventId) => log.events.get(eventId),
      maxCorrectionSeq: () => this.maxCorrectionSeq,
      childSessionExists: options.childSessionExists ?? (() => undefined),
      attachedSubagent: (eventId) => this.attachments.of(eventId),
    };
    this.graph = new ReactiveGraph((id, ctx) => buildNode(id, ctx, facts));
    this.graph.addMember(nodeIds.session(sessionId), SESSION_ANCHOR);
  }

  get nodes(): ReadonlyMap<string, LineageNode> {
    return this.graph.nodes;
  }

  get edges(): ReadonlyMap<string, LineageEdge> {
    return this.graph.edges;
  }

  /** The node an event belongs to (null for corrections). */
  nodeOf(eventId: string): string | null {
    return this.membership.get(eventId) ?? null;
  }

  /** Applies one reader delta and returns the graph delta it causes. */
  apply(delta: LogDelta): LineageDelta {
    for (const view of delta.added) this.place(view);
    for (const view of delta.corrected) {
      this.place(view);
      const nodeId = this.membership.get(view.event.eventId);
      if (nodeId) this.graph.markDirty(nodeId);
    }
    // A target may arrive after its correction (added already corrected) or before it.
    for (const view of [...delta.added, ...delta.corrected]) this.noteCorrections(view);
    return this.graph.flush();
  }

  private noteCorrections(view: EventView): void {
    for (const c of view.corrections) {
      const seq = this.log.events.get(c.correctionId)?.event.seq ?? null;
      if (seq !== null && (this.maxCorrectionSeq === null || seq > this.maxCorrectionSeq)) {
        this.maxCorrectionSeq = seq;
        this.graph.touch('corrections');
      }
    }
  }

  /** Puts an event in the node its (corrected) view belongs to, moving it if that changed. */
  private place(view: EventView): void {
    const eventId = view.event.eventId;
    const kind = view.event.kind;
    const name = str(view.body['subagent_name']);
    let next = membershipOf(view, this.sessionId);
    if (name !== null && kind === 'subagent_observation')
      next = this.attachments.attach(name, view.event.seq, eventId) ?? next;
    if (name !== null && (kind === 'produces_validation_passed' || kind === 'produces_validation_failed'))
      this.attachments.attach(name, view.event.seq, eventId);
    const prev = this.membership.get(eventId);
    if (prev !== next || prev === undefined) {
      if (prev) this.graph.removeMember(prev, eventId);
      this.membership.set(eventId, next);
      if (next) this.graph.addMember(next, eventId);
    }
    if (kind === 'subagent_spawned' && name !== null && next) {
      for (const moved of this.attachments.addSpawn(name, view.event.seq, next)) {
        const movedView = this.log.events.get(moved);
        if (!movedView) continue;
        if (movedView.event.kind === 'subagent_observation') this.place(movedView);
        else {
          const validation = this.membership.get(moved);
          if (validation) this.graph.markDirty(validation);
        }
      }
    }
  }
}

/**
 * A row of one of the lineage's row tables (tool-table.ts, subagent-table.ts, validation-table.ts)
 * as an entry of a pass over every node (ReactiveGraph.nodeEntries' kind): made for the pass,
 * nothing keeps it. What it reads of its row, its table says through a `RowNodeSource`, one per
 * kind of node the table shows (a subagent row shows two: its subagent and its child session).
 */
import type { EventView } from '../../formats/sciagent/session-log';
import type { NodeEntry } from '../reactive-graph';
import type { LineageNode } from '../types';

export interface RowNodeSource {
  readonly kind: LineageNode['kind'];
  idOf(row: number): string;
  nodeOf(row: number): LineageNode;
  /**
   * Its node without event ids, for a pass that writes them from `ordinalsOf` (a tool row's event
   * ids are made from the log's columns when read: none made to be dropped). Absent: `nodeOf`.
   */
  nodeWithoutIdsOf?(row: number, ordinals: number[]): LineageNode;
  /** The position a pass over every node gave it (see NodeEntry.position). */
  getPosition(row: number): number;
  setPosition(row: number, position: number): void;
  eventsInto(row: number, out: EventView[]): void;
  /** The log ordinals of its node's events, in the order of the node's `eventIds`. */
  ordinalsOf(row: number): number[];
}

export class RowEntry implements NodeEntry<EventView> {
  private known: number[] | null = null;

  constructor(
    private readonly source: RowNodeSource,
    private readonly row: number,
  ) {}

  get id(): string {
    return this.source.idOf(this.row);
  }

  get node(): LineageNode {
    return this.source.nodeOf(this.row);
  }

  get kind(): LineageNode['kind'] {
    return this.source.kind;
  }

  get position(): number {
    return this.source.getPosition(this.row);
  }

  set position(position: number) {
    this.source.setPosition(this.row, position);
  }

  membersInto(out: EventView[]): void {
    this.source.eventsInto(this.row, out);
  }

  nodeWithoutIds(): LineageNode {
    const { source } = this;
    return source.nodeWithoutIdsOf ? source.nodeWithoutIdsOf(this.row, this.ordinals()) : this.node;
  }

  ordinals(): number[] {
    return (this.known ??= this.source.ordinalsOf(this.row));
  }
}

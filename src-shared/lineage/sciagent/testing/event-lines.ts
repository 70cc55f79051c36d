/**
 * Provenance lines for tests: schema "2" events of session `s`, numbered as they are written —
 * the n-th has id `e<n>` and seq n (set `seq` back to 0 to start over).
 */
export class EventLines {
  /** The seq (and id number) of the last line written. */
  seq = 0;

  line(kind: string, fields: Record<string, unknown> = {}): string {
    this.seq++;
    return JSON.stringify({
      schema_version: '2',
      event_id: `e${this.seq}`,
      event_kind: kind,
      session_id: 's',
      seq: this.seq,
      ...fields,
    });
  }
}

/** One provenance line (schema 2) of a session, as a writer appends it: `fields` add to or override the envelope. */
export function logLine(sessionId: string, fields: Record<string, unknown>): string {
  return (
    JSON.stringify({
      schema_version: '2',
      session_id: sessionId,
      ts: '2026-11-22T01:20:00.000000+00:00',
      ...fields,
    }) + '\n'
  );
}

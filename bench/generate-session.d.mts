/** Types of generate-session.mjs, for the TypeScript tests that use it. */
export function sessionLines(sessionId: string, events: number, seed?: number): Generator<string>;
export function writeSession(
  file: string,
  sessionId: string,
  events: number,
): Promise<{ bytes: number; lines: number }>;

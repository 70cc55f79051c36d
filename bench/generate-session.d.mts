/** Types of generate-session.mjs, for the TypeScript tests that use it. */
export const GENERATOR_VERSION: number;
export function sessionLines(
  sessionId: string,
  events: number,
  seed?: number,
  options?: { ids?: 'real' | 'short' },
): Generator<string>;
export function writeSession(
  file: string,
  sessionId: string,
  events: number,
): Promise<{ bytes: number; lines: number }>;

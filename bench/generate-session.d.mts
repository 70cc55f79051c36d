/** Types of generate-session.mjs, for the TypeScript tests that use it. */
export const GENERATOR_VERSION: number;
export function sessionLines(
  sessionId: string,
  events: number,
  seed?: number,
  options?: {
    ids?: 'real' | 'short';
    jobs?: 'many' | 'one-cluster';
    text?: 'filler' | 'real';
    mix?: 'corpus' | 'v2';
    /** 2: two processes write the session, each with its own seq counter. */
    writers?: 1 | 2;
  },
): Generator<string>;
export function writeSession(
  file: string,
  sessionId: string,
  events: number,
  options?: {
    ids?: 'real' | 'short';
    jobs?: 'many' | 'one-cluster';
    text?: 'filler' | 'real';
    mix?: 'corpus' | 'v2';
    /** 2: two processes write the session, each with its own seq counter. */
    writers?: 1 | 2;
  },
): Promise<{ bytes: number; lines: number }>;

/**
 * A reply value whose JSON a session worker has already written (UTF-8 bytes, transferred to the
 * main thread without a copy). A 100k-event snapshot as objects cost the main thread ~65 ms to
 * take in from the worker (structured clone) and then its JSON encoding; as bytes it costs
 * nothing until a host writes them (issue 8, T1: no event-loop block over 50 ms while opening).
 *
 * The web host writes the bytes into its reply as they are (json-in-slices); the IPC host sends
 * them as bytes (`ipcReply`) and the preload decodes them. Only main-side code sees one.
 */
import type { JsonBytesEvent, JsonBytesReply } from '../../src-shared/bridge/channels';
import type { BridgeReply, PushedEvent, SessionDelta } from '../../src-shared/bridge/contract';
import { errorReply } from '../../src-shared/bridge/dispatcher';
import type { PartStream } from './part-stream';
import { joinParts } from './sessions/utf8-parts';

const BYTES = Symbol('encoded JSON');

interface Encoded {
  readonly [BYTES]: Uint8Array;
}

/**
 * Stands for a `T` in a service's reply (the service's type says T: this is how the host is
 * told to write these bytes instead). Never read its fields on the main thread: there are none.
 */
export function encodedReply<T>(json: Uint8Array): T {
  const encoded: Encoded = { [BYTES]: json };
  return encoded as unknown as T;
}

/**
 * A pushed delta as the JSON its worker wrote, with the fields the main thread reads (which
 * clients want it) kept readable. Everything else is in the bytes.
 */
export function encodedDelta(delta: {
  key: string;
  fromVersion: number;
  version: number;
  json: Uint8Array;
}): SessionDelta {
  const { key, fromVersion, version, json } = delta;
  const encoded = { key, fromVersion, version, [BYTES]: json };
  return encoded as unknown as SessionDelta;
}

/** A pushed event with its delta decoded if it is encoded (for listeners in this process: tests). */
export function decodedEvent(event: PushedEvent): PushedEvent {
  const bytes = event.type === 'session.delta' ? encodedBytesOf(event.delta) : undefined;
  return bytes
    ? { type: 'session.delta', delta: JSON.parse(new TextDecoder().decode(bytes)) as SessionDelta }
    : event;
}

/**
 * A pushed event as the IPC host sends it: a delta whose JSON a worker wrote crosses as those
 * bytes, and the preload decodes it.
 */
export function ipcEvent(event: PushedEvent): PushedEvent | JsonBytesEvent {
  const bytes = event.type === 'session.delta' ? encodedBytesOf(event.delta) : undefined;
  return bytes ? { type: 'session.delta', json: bytes } : event;
}

const STREAM = Symbol('streamed JSON');

/**
 * Stands for a `T` in a service's reply whose JSON is still being written: the host sends its
 * parts on as they come (web), or waits for them all (IPC). A snapshot's (SessionStore.snapshotJson).
 */
export function encodedStream<T>(stream: PartStream): T {
  return { [STREAM]: stream } as unknown as T;
}

/** The parts of a streamed reply value, or undefined for any other value. */
export function encodedStreamOf(value: unknown): PartStream | undefined {
  return typeof value === 'object' && value !== null && STREAM in value
    ? (value as { [STREAM]: PartStream })[STREAM]
    : undefined;
}

/** The bytes of an encoded value, or undefined for any other value. */
export function encodedBytesOf(value: unknown): Uint8Array | undefined {
  return typeof value === 'object' && value !== null && BYTES in value
    ? (value as Encoded)[BYTES]
    : undefined;
}

/**
 * `reply` as the IPC host sends it: an encoded value as its JSON bytes (a copy of bytes crosses to
 * the renderer; decoding a 100k-event snapshot on the main thread would block it ~60–100 ms).
 */
export async function ipcReply<R extends { ok: boolean }>(
  reply: R,
): Promise<R | JsonBytesReply | BridgeReply> {
  const value = 'value' in reply ? reply.value : undefined;
  const stream = encodedStreamOf(value);
  if (stream) {
    // Its parts joined here (one copy: the IPC copies it again anyway); the preload decodes one
    // buffer. A stream that fails (a session too big to send) is said as any failed call.
    try {
      return { ok: true, json: joinParts(await stream.whole()) };
    } catch (error) {
      return errorReply(error);
    }
  }
  const bytes = encodedBytesOf(value);
  return bytes ? { ok: true, json: bytes } : reply;
}

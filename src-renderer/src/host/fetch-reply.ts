/**
 * A streamed reply's value, fetched from the path serve named for it (ws-protocol.ts,
 * `reply-stream`). Its bytes are decoded as they arrive, while serve's worker still writes the
 * rest, so what is left once the last comes is the parse. Chromium brings a fetched body in off
 * this thread; the same bytes down the WebSocket cost this thread ~12 ms a megabyte.
 */
import type { BridgeReply } from '../../../src-shared/bridge/contract';

export async function fetchReply(url: string): Promise<BridgeReply> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store' });
  } catch (error) {
    return failed(`could not fetch the reply: ${(error as Error).message}`);
  }
  // 500: serve's error reply (a session too big to send); anything else not ours to read.
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    const reply = parsed(text) as BridgeReply | undefined;
    return reply && reply.ok === false
      ? reply
      : failed(`the reply could not be fetched (HTTP ${response.status})`);
  }
  const decoder = new TextDecoder();
  let text = '';
  try {
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    text += decoder.decode();
  } catch (error) {
    return failed(`the reply was cut off: ${(error as Error).message}`);
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return failed('the reply was not complete JSON');
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const failed = (message: string): BridgeReply => ({ ok: false, error: { code: 'internal', message } });

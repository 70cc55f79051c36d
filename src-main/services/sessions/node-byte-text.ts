/**
 * Node's own byte search and UTF-8 decoding for the session worker's line scan (json-bytes.ts'
 * ByteText): Buffer's `indexOf` is a memchr, about twice a typed array's `indexOf` per call here,
 * and its `utf8Slice` decodes a short id in about half a TextDecoder's time. They take any
 * Uint8Array, so the worker's transferred chunks are not wrapped.
 */
import type { ByteText } from '../../../src-shared/formats/jsonl/json-bytes';

const { indexOf, utf8Slice } = Buffer.prototype as unknown as {
  indexOf(this: Uint8Array, byte: number, from: number): number;
  utf8Slice(this: Uint8Array, start: number, end: number): string;
};

export const NODE_BYTE_TEXT: ByteText = {
  indexOf: (bytes, byte, from) => indexOf.call(bytes, byte, from),
  decode: (bytes, start, end) => utf8Slice.call(bytes, start, end),
};

import { describe, expect, it } from 'vitest';
import { ChangeLedgerReader } from './event-reader';

const enc = new TextEncoder();

function event(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    ts: '2025-09-27T10:00:00Z',
    author: { name: 'me', kind: 'human' },
    action_type: 'meta_note',
    files: ['.'],
    diff_path: '',
    operation_id: `op-${id}`,
    action_scope: 'project',
    rationale: 'note',
    diff_mode: 'unified',
    ...extra,
  };
}

function read(text: string | Uint8Array, chunk = Infinity): ChangeLedgerReader {
  const bytes = typeof text === 'string' ? enc.encode(text) : text;
  const reader = new ChangeLedgerReader();
  for (let i = 0; i < bytes.length; i += Math.min(chunk, bytes.length))
    reader.push(bytes.subarray(i, i + chunk));
  reader.end();
  return reader;
}

describe('ChangeLedgerReader', () => {
  it('reads one event per line with its line, byte offset and length; blank lines and \\r skipped', () => {
    const a = JSON.stringify(event('a'));
    const b = JSON.stringify(event('b'));
    const reader = read(`${a}\r\n\n   \n${b}`);
    expect(reader.violations).toEqual([]);
    expect(reader.events.map((e) => [e.key, e.line, e.byteOffset, e.byteLength])).toEqual([
      ['a', 1, 0, a.length],
      ['b', 4, a.length + 2 + 1 + 4, b.length],
    ]);
    expect(reader.lines).toBe(2);
  });

  it('gives the same events whatever the chunk size (a chunk may split a UTF-8 character)', () => {
    const text = [event('é1', { rationale: 'naïve → ok' }), event('e2')]
      .map((e) => JSON.stringify(e))
      .join('\n');
    const whole = read(text);
    const bytewise = read(text, 1);
    expect(bytewise.events.map((e) => e.record)).toEqual(whole.events.map((e) => e.record));
    expect(bytewise.violations).toEqual([]);
  });

  it('keeps a line that is not JSON as a visible parse error and reads on', () => {
    const reader = read(
      [JSON.stringify(event('a')), '{"id": "torn', '[1, 2]', '42', JSON.stringify(event('b'))].join('\n') +
        '\n',
    );
    expect(reader.events.map((e) => e.id)).toEqual(['a', 'b']);
    expect(reader.violations).toMatchObject([
      {
        eventId: null,
        rule: 'parse-error',
        line: 2,
        file: 'events.jsonl',
        message: expect.stringContaining('not valid JSON'),
      },
      { rule: 'parse-error', line: 3, message: expect.stringContaining('not a JSON object (an array)') },
      { rule: 'parse-error', line: 4, message: expect.stringContaining('(number)') },
    ]);
    expect(reader.lines).toBe(5);
  });

  it('reports bytes that are not UTF-8 as a parse error', () => {
    const bytes = new Uint8Array([...enc.encode('{"id": "'), 0xff, 0xfe, ...enc.encode('"}\n')]);
    expect(read(bytes).violations).toMatchObject([
      { rule: 'parse-error', line: 1, message: expect.stringContaining('UTF-8') },
    ]);
  });

  it('waits for the newline of a torn last line until end()', () => {
    const reader = new ChangeLedgerReader();
    reader.push(enc.encode(`${JSON.stringify(event('a'))}\n${JSON.stringify(event('b'))}`));
    expect(reader.events).toHaveLength(1);
    expect(reader.committedOffset).toBe(JSON.stringify(event('a')).length + 1);
    reader.end();
    expect(reader.events.map((e) => e.id)).toEqual(['a', 'b']);
  });

  it('checks every event against the A3.1 schema with ajv and names the event', () => {
    const bad = event('bad', {
      ts: 'yesterday',
      author: { name: 'x', kind: 'robot' },
      files: [],
      action_scope: undefined,
      affected_lines: [-1],
    });
    delete bad['action_scope'];
    const reader = read(JSON.stringify(bad));
    const messages = reader.violations.map((v) => [v.eventId, v.rule, v.field, v.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['bad', 'schema', '/action_scope', 'schema: is missing required field "action_scope"'],
        ['bad', 'schema', '/ts', 'schema: /ts must match format "date-time"'],
        ['bad', 'schema', '/author/kind', 'schema: /author/kind must be one of "agent", "human", "system"'],
        ['bad', 'schema', '/files', 'schema: /files must NOT have fewer than 1 items'],
        ['bad', 'schema', '/affected_lines/0', 'schema: /affected_lines/0 must be >= 0'],
      ]),
    );
    expect(reader.violations).toHaveLength(5);
    expect(reader.events).toHaveLength(1);
  });

  it('names an event without an id by its line, and keeps unknown fields', () => {
    const noId = event('x', { custom: { a: 1 } });
    delete noId['id'];
    const reader = read(`\n${JSON.stringify(noId)}\n`);
    expect(reader.events[0]).toMatchObject({ key: 'line:2', id: null, record: { custom: { a: 1 } } });
    expect(reader.violations).toMatchObject([{ eventId: null, rule: 'schema', line: 2, field: '/id' }]);
  });

  it('reports a repeated id; the first event keeps the id', () => {
    const reader = read([event('a'), event('b'), event('a')].map((e) => JSON.stringify(e)).join('\n'));
    expect(reader.events.map((e) => e.key)).toEqual(['a', 'b', 'a@line:3']);
    expect(reader.byId.get('a')?.line).toBe(1);
    expect(reader.violations).toMatchObject([{ eventId: 'a', rule: 'duplicate-id', line: 3, eventIndex: 2 }]);
  });

  it("leaves a binary event's missing impact summary to CT-PROV-05, not the schema", () => {
    const binary = event('bin', { diff_mode: 'binary', artifact_impacts: [{ path: 'a.png' }] });
    const text = event('txt', { artifact_impacts: [{ path: 'a.txt' }] });
    const reader = read([binary, text].map((e) => JSON.stringify(e)).join('\n'));
    expect(reader.violations.map((v) => [v.eventId, v.rule, v.field])).toEqual([
      ['txt', 'schema', '/artifact_impacts/0/summary'],
    ]);
  });
});

/**
 * The JSON Schemas of sys-prov-v1.1 A3.1 (ChangeEvent) and A3.2 (Snapshot), copied as written in
 * the spec (draft 2020-12). Checked by ajv in `schema-check.ts`, never by hand.
 */

export const CHANGE_EVENT_SCHEMA = {
  $id: 'schema/change-event.json',
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: [
    'id',
    'ts',
    'author',
    'action_type',
    'files',
    'diff_path',
    'operation_id',
    'action_scope',
    'rationale',
    'diff_mode',
  ],
  properties: {
    id: { type: 'string', minLength: 1 },
    ts: { type: 'string', format: 'date-time' },
    author: {
      type: 'object',
      required: ['name', 'kind'],
      properties: {
        name: { type: 'string' },
        version: { type: 'string' },
        kind: { enum: ['agent', 'human', 'system'] },
      },
    },
    action_type: {
      enum: [
        'edit_insert',
        'edit_delete',
        'edit_replace',
        'file_create',
        'file_delete',
        'file_move',
        'file_rename',
        'checkpoint',
        'rewind',
        'branch',
        'snapshot_create',
        'eval_run',
        'meta_note',
        'merge',
        'rollup',
      ],
    },
    branch: { type: 'string' },
    run_id: { type: 'string' },
    parent_event_id: { type: 'string' },
    files: { type: 'array', items: { type: 'string' }, minItems: 1 },
    diff_path: { type: 'string' },
    diff_mode: { enum: ['unified', 'ast', 'schema', 'binary'] },
    affected_lines: { type: 'array', items: { type: 'integer', minimum: 0 } },
    semantic_block: {
      type: 'object',
      properties: { kind: { type: 'string' }, id: { type: 'string' } },
      required: ['kind', 'id'],
    },
    operation_id: { type: 'string' },
    action_scope: { enum: ['line', 'block', 'file', 'project'] },
    artifact_impacts: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          path: { type: 'string' },
          kind: { type: 'string' },
          bytes_changed: { type: 'integer' },
          hash_before: { type: 'string' },
          hash_after: { type: 'string' },
          summary: { type: 'string' },
        },
        required: ['path', 'summary'],
      },
    },
    preflight: {
      type: 'object',
      properties: { ok: { type: 'boolean' }, report_artifact: { type: 'string' } },
    },
    rationale: { type: 'string' },
    artifacts: { type: 'array', items: { type: 'string' } },
    snapshot_ref: { type: 'string' },
    bookmark: { type: 'string' },
  },
  additionalProperties: true,
} as const;

export const SNAPSHOT_SCHEMA = {
  $id: 'schema/snapshot.json',
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['id', 'ts', 'base_event_id', 'tar_uri', 'env', 'seeds', 'event_offset', 'ledger_driver'],
  properties: {
    id: { type: 'string' },
    ts: { type: 'string', format: 'date-time' },
    base_event_id: { type: 'string' },
    tar_uri: { type: 'string' },
    env: { type: 'object' },
    seeds: { type: 'object' },
    tools: { type: 'object' },
    hashes: { type: 'object' },
    event_offset: { type: 'integer' },
    ledger_driver: { enum: ['jsonl', 'protobuf'] },
    merged_from: { type: 'array', items: { type: 'string' } },
    pre_merge_snapshots: { type: 'array', items: { type: 'string' } },
  },
  additionalProperties: true,
} as const;

/**
 * Body fields whose values repeat across the events of a session (kinds of things, names, models,
 * statuses, a job's id on its launch, status changes, artifacts and verdicts): a session keeps one
 * string of each value (intern-strings.ts, and the line scan's ByteStrings), where parsing made a
 * fresh one per event. Ids and timestamps, which are unique, are not among them.
 */
export const REPEATED_FIELDS: ReadonlySet<string> = new Set([
  'actor',
  'model',
  'tool_name',
  'status',
  'status_previous',
  'sky_status_raw',
  'gate',
  'verdict',
  'verifier',
  'mount_path',
  'mode',
  'subagent_name',
  'cluster_name',
  // A job's id recurs on its launch, every status change, its artifacts and verdicts (a 100k-event
  // bench log held ~10k copies of job ids); images, services and the like recur across jobs.
  'job_id',
  'image',
  'service',
  'content_type',
  'exit_reason',
]);

/** Longer values are unlikely to repeat, and a table of them would only grow. */
export const MAX_REPEATED_CHARS = 64;

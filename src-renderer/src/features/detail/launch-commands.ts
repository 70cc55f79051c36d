/** A launch's commands as its event's body has them (`compute_job_launched`), when it has both. */
export function launchCommands(body: unknown): { original: string; resolved: string } | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  return typeof b['command_original'] === 'string' && typeof b['command_resolved'] === 'string'
    ? { original: b['command_original'], resolved: b['command_resolved'] }
    : null;
}

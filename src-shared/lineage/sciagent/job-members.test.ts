import { describe, expect, it } from 'vitest';
import { LoggedEvent } from '../../formats/sciagent/session-log';
import type { JsonObject } from '../../formats/sciagent/types';
import { JobMembers } from './job-members';

let n = 0;
function launch(expected: string[], extra: JsonObject = {}): LoggedEvent {
  n++;
  const body: JsonObject = {
    job_id: 'cluster',
    mount_path: '/workspace',
    expected_artifacts: expected,
    ...extra,
  };
  return new LoggedEvent(n, n * 100, 99, `launch-${n}`, 'compute_job_launched', n, n, body);
}

function status(state: string, cost: number): LoggedEvent {
  n++;
  const body: JsonObject = { job_id: 'cluster', status: state, cost_usd: cost };
  return new LoggedEvent(n, n * 100, 99, `status-${n}`, 'compute_job_status_changed', n, n, body);
}

/** What a JobMembers says, as plain values (compared with one sorted out afresh). */
function facts(m: JobMembers) {
  return {
    eventIds: m.eventIds,
    launches: m.launches.map((v) => v.event.eventId),
    statuses: m.statuses.map((v) => v.event.eventId),
    expected: m.expected,
    publishes: m.publishes,
    statusCostMax: m.statusCostMax,
  };
}

describe('JobMembers', () => {
  it('kept between rebuilds, gives what a fresh one gives as members are appended', () => {
    const kept = new JobMembers();
    const views: LoggedEvent[] = [];
    for (let i = 0; i < 50; i++) {
      views.push(i % 3 === 2 ? status('RUNNING', i) : launch([`out-${i}.json`, 'shared.log']));
      expect(facts(kept.update(views))).toEqual(facts(new JobMembers().update(views)));
    }
    expect(kept.launches).toHaveLength(34);
    expect(kept.expected.map((e) => e.pattern)).toContain('shared.log');
    expect(kept.expected.filter((e) => e.pattern === 'shared.log')).toHaveLength(1);
  });

  it('sorts its members out again when a correction changed one (a body set) or the list (a member moved)', () => {
    const kept = new JobMembers();
    const a = launch(['a.json']);
    const b = launch(['b.json']);
    const c = status('FAILED', 7);
    kept.update([a, b, c]);

    // A correction changes b's expected artifacts: its view gets a new body.
    b.body = { ...b.body, expected_artifacts: ['b-corrected.json'] };
    const d = launch(['d.json']);
    expect(facts(kept.update([a, b, c, d]))).toEqual(facts(new JobMembers().update([a, b, c, d])));
    expect(kept.expected.map((e) => e.pattern)).toEqual(['a.json', 'b-corrected.json', 'd.json']);

    // A correction moves b out of the job (its list loses a member in the middle; the last stays).
    a.body = { ...a.body };
    expect(facts(kept.update([a, c, d]))).toEqual(facts(new JobMembers().update([a, c, d])));
    expect(kept.launches.map((v) => v.event.eventId)).toEqual([a.eventId, d.eventId]);
  });
});

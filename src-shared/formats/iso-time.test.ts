import { describe, expect, it } from 'vitest';
import { parseIsoTime } from './iso-time';

describe('parseIsoTime', () => {
  it('gives what Date.parse gives, on the usual timestamps and the odd ones', () => {
    const samples = [
      '2026-06-08T20:09:13.500000+00:00',
      '2026-06-08T20:09:13.5+02:30',
      '2026-06-08T20:09:13.12-05:00',
      '2026-06-08T20:09:13.123Z',
      '2026-06-08T20:09:13.1239Z',
      '2026-06-08T20:09:13Z',
      '1999-12-31T23:59:59.999+14:00',
      '2026-02-31T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T00:00:00',
      '2026-01-01 00:00:00Z',
      '0050-01-01T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-06-08T20:09:13.Z',
      '2026-06-08T20:09:13+0200',
      'yesterday',
      '',
    ];
    for (const s of samples) expect([s, parseIsoTime(s)]).toEqual([s, Date.parse(s)]);
    // Every day from 1000 to 2400 at a odd time (leap years, centuries), and a day of times.
    for (
      let t = Date.UTC(1000, 0, 1, 7, 6, 5, 4);
      t < Date.UTC(2400, 0, 1);
      t += 86_400_000 * 7 + 3_600_001
    ) {
      const iso = new Date(t).toISOString();
      expect([iso, parseIsoTime(iso)]).toEqual([iso, Date.parse(iso)]);
    }
    for (let t = Date.UTC(2026, 5, 8); t < Date.UTC(2026, 5, 9); t += 997_000) {
      const iso = new Date(t).toISOString();
      expect(parseIsoTime(iso)).toBe(t);
      expect(parseIsoTime(iso.replace('Z', '000+00:00'))).toBe(t);
    }
  });
});

/**
 * Whether two JSON-like values (plain objects, arrays, strings, numbers, booleans, null) hold the
 * same data. The reactive graph asks this of every node it rebuilds, to send only real changes;
 * comparing two JSON.stringify strings did the same at the cost of building both strings (~0.8 s
 * of a 1M-event read). Key order does not matter here, as it does not for the page.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    // NaN and ±Infinity serialise as null; undefined is left out: no such values reach here.
    return false;
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const k in x) {
    if (!Object.hasOwn(x, k)) continue;
    const v = x[k];
    // JSON.stringify leaves undefined fields out: a field set to undefined equals a missing one.
    if (v === undefined) continue;
    n++;
    if (!Object.hasOwn(y, k) || !jsonEqual(v, y[k])) return false;
  }
  for (const k in y) if (Object.hasOwn(y, k) && y[k] !== undefined) n--;
  return n === 0;
}

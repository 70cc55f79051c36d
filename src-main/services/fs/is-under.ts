import path from 'node:path';

/** True when `target` is `root` or inside it (after resolving `..`). */
export function isUnder(target: string, root: string): boolean {
  const rel = path.relative(path.resolve(root), path.resolve(target));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Minimap colours: the verdict or status colour where a node has one, else a neutral grey. */
import type { Node } from '@xyflow/react';
import { useAppStore } from '../../state/store';
import { jobStatusTone, verdictTone } from './node-data';

const TONE: Record<string, string> = {
  verified: '#22a06b',
  refuted: '#e5484d',
  insufficient: '#d99a0b',
  warning: '#f0701a',
  accent: '#6e7bf2',
};

export function minimapColor(node: Node): string {
  const lineage = useAppStore.getState().data?.nodes.get(node.id);
  if (!lineage) return '#9aa0a6';
  if (lineage.missing) return TONE['refuted']!;
  if (lineage.kind === 'verification') return TONE[verdictTone(String(lineage.data['verdict']))] ?? '#9aa0a6';
  if (lineage.kind === 'job')
    return TONE[jobStatusTone((lineage.data['status'] as string) ?? null)] ?? '#9aa0a6';
  if (lineage.kind === 'session') return TONE['accent']!;
  return '#9aa0a6';
}

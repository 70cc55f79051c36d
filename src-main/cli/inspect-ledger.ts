/** The `inspect` entry for a change ledger folder: the JSON object and the readable block. Throws when events.jsonl cannot be read. */
import { formatLedgerInspect, ledgerInspectJson } from '../../src-shared/formats/change-ledger/ledger-report';
import type { ReplayCheck } from '../../src-shared/formats/change-ledger/replay';
import { loadLedgerFolder } from '../services/ledger/load-ledger-folder';

export async function inspectLedger(folder: string): Promise<{ json: unknown; text: string }> {
  const ledger = await loadLedgerFolder(folder);
  const checks: ReplayCheck[] = [];
  for (const snapshot of ledger.model.snapshots)
    checks.push(...(await ledger.replay.verifySnapshot(snapshot)));
  return {
    json: ledgerInspectJson(ledger.model, folder, checks),
    text: formatLedgerInspect(ledger.model, folder, checks),
  };
}

/** Change ledgers: the snapshot and bookmark timeline, violations, bookmark diffs. */
import type { LedgerModel } from '../../formats/change-ledger/types';
import { strings, type ArgsValidator } from './validators';

export interface LedgerDocument {
  key: string;
  model: LedgerModel | null;
  error: string | null;
}

export interface LedgerService {
  model(key: string): Promise<LedgerDocument>;
}

export const LEDGER_METHOD_ARGS: { [M in keyof LedgerService]: ArgsValidator<Parameters<LedgerService[M]>> } =
  {
    model: strings(1) as ArgsValidator<[string]>,
  };

/** TreeTrace bundles: the prompt lineage tree, chains, rejections, lessons, evals. */
import type { TreeTraceBundle } from '../../formats/treetrace';
import { strings, type ArgsValidator } from './validators';

export interface TreeTraceDocument {
  key: string;
  label: string;
  /** The bundle model (plain JSON); null with `error` when it could not be opened. */
  bundle: TreeTraceBundle | null;
  error: string | null;
}

export interface TreeTraceService {
  bundle(key: string): Promise<TreeTraceDocument>;
}

export const TREETRACE_METHOD_ARGS: {
  [M in keyof TreeTraceService]: ArgsValidator<Parameters<TreeTraceService[M]>>;
} = {
  bundle: strings(1) as ArgsValidator<[string]>,
};

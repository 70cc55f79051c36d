/** TreeTrace bundles: the prompt lineage tree, chains, rejections, lessons, evals. */
import type { TreeTraceBundle } from '../../formats/treetrace';
import { strings, type ArgsValidator } from './validators';

export interface TreeTraceDocument {
  key: string;
  label: string;
  /** The bundle model (plain JSON); null with `error` when it could not be opened. */
  bundle: TreeTraceBundle | null;
  error: string | null;
  /**
   * A set (a folder of per-session bundles with TreeTrace's `--each` index.json, or an archive of
   * several bundles): its overview. Each member is a document of its own (`members[].key`).
   */
  set?: TreeTraceSetOverview | null;
  /** For a member of a set: the set's document key (its overview). */
  setKey?: string | null;
}

export interface TreeTraceSetOverview {
  /** The set's folder, or the archive. */
  path: string;
  /** index.json, when the set comes from one. */
  indexPath: string | null;
  /** How the set was found when not from a readable index.json. */
  note: string | null;
  members: TreeTraceSetMember[];
}

/** One member: its document key, where it is, why it cannot be read, and its counts. */
export interface TreeTraceSetMember {
  key: string;
  label: string;
  /** Its folder, relative to the set (or inside the archive). */
  dir: string;
  error: string | null;
  stats: TreeTraceMemberStats | null;
}

export interface TreeTraceMemberStats {
  project: string | null;
  schemaVersion: string | null;
  generatorVersion: string | null;
  generatedAt: string | null;
  sessions: string[];
  nodes: number;
  abandoned: number;
  correctionChains: number;
  rejections: number;
  lessons: number;
  evalCandidates: number;
  hallucinations: number;
  cycles: number;
  /** Problems of severity error (unreadable or missing files, …), and the first one's message. */
  errors: number;
  firstError: string | null;
  generationMismatch: boolean;
}

export interface TreeTraceService {
  bundle(key: string): Promise<TreeTraceDocument>;
}

export const TREETRACE_METHOD_ARGS: {
  [M in keyof TreeTraceService]: ArgsValidator<Parameters<TreeTraceService[M]>>;
} = {
  bundle: strings(1) as ArgsValidator<[string]>,
};

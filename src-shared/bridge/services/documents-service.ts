/**
 * Documents: the evidence that is not a live sciagent session — TreeTrace bundles, change
 * ledgers, step traces — found under the roots or opened by path. Each kind has its own
 * service for its content (treetrace-service.ts, ledger-service.ts, step-trace-service.ts).
 */
import { strings, none, type ArgsValidator } from './validators';

export type DocumentKind = 'treetrace' | 'change-ledger' | 'step-trace';

export interface DocumentListItem {
  /** Stable: the document's absolute path (bundle folder or archive, ledger folder, trace file). */
  key: string;
  kind: DocumentKind;
  label: string;
  path: string;
  /** Changes whenever one of its files changes on disk: reload when it moves. */
  revision: number;
  updatedAt: string;
}

export interface DocumentsService {
  list(): Promise<DocumentListItem[]>;
  /** Adds a document (or every document under a folder); only paths under the roots. */
  open(path: string): Promise<DocumentListItem[]>;
}

export const DOCUMENTS_METHOD_ARGS: {
  [M in keyof DocumentsService]: ArgsValidator<Parameters<DocumentsService[M]>>;
} = {
  list: none,
  open: strings(1) as ArgsValidator<[string]>,
};

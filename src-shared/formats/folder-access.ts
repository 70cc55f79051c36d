/**
 * How pure readers reach files beside the one they read (evidence files of a step trace, diff
 * files of a ledger): relative paths through an interface, so the readers stay pure and the host
 * decides how a path is resolved and what counts as leaving the folder.
 */
export type FolderRead =
  | { status: 'ok'; bytes: Uint8Array }
  | { status: 'missing'; reason: string }
  | { status: 'escape'; reason: string };

export interface FolderFileAccess {
  readFile(relPath: string): Promise<FolderRead>;
  /** Lowercase hex SHA-256 of the bytes. */
  sha256(bytes: Uint8Array): Promise<string>;
}

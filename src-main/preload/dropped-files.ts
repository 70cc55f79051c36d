/**
 * Files and folders dropped on the window, as absolute paths. Only a drop the user really made
 * counts: page script can dispatch a synthetic `drop`, but never one with `isTrusted`, and a File
 * it builds itself has no path (webUtils.getPathForFile answers '').
 */

export interface DropLike {
  isTrusted: boolean;
  dataTransfer: { files: ArrayLike<File>; types: ArrayLike<string> } | null;
}

/** Whether a drag carries files (text dragged inside the page is left alone). */
export function carriesFiles(event: Pick<DropLike, 'dataTransfer'>): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

export function droppedFilePaths(event: DropLike, pathOf: (file: File) => string): string[] {
  if (!event.isTrusted || !event.dataTransfer) return [];
  return Array.from(event.dataTransfer.files)
    .map((file) => pathOf(file))
    .filter((p) => p !== '');
}

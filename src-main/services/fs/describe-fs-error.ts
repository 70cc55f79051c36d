/** A short, human message for a file-system error code (what the user can act on). */
export function describeFsError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOENT':
      return 'no such file or folder';
    case 'EISDIR':
      return 'is a folder';
    case 'ENOTDIR':
      return 'not a folder';
    default:
      return error.message;
  }
}

// Errors the shell turns into one line on stderr and an exit code; never a stack trace. Faults
// of the machine (a full disk, a read-only file system, another writer) are named here once,
// so every verb words them and exits with them alike.

/** Exit codes scripts can trust (README, "Exit codes"). */
export const EXIT_OK = 0;
export const EXIT_FAILED_CHECK = 1;
export const EXIT_BAD_INPUT = 2;
/** The disk is full or a device failed: what was committed is kept; free space and rerun. */
export const EXIT_IO = 74;
/** Another process holds the catalog (a writer, or a reader in rollback-journal mode): try again later. */
export const EXIT_BUSY = 75;
/** Stopped by Ctrl-C or SIGTERM, after committing what was finished. */
export const EXIT_INTERRUPTED = 130;

export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_BAD_INPUT,
  ) {
    super(message);
  }
}

type Coded = { code?: unknown; message?: unknown } | null | undefined;

/** The short reason of a file-system error ("no such file", …). */
export function describeFsError(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  switch (err?.code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'no space left on device';
    case 'EFBIG':
      return 'file too large';
    case 'EIO':
      return 'input/output error';
    default:
      return typeof err?.message === 'string' ? err.message : String(e);
  }
}

/** Exit code of an errno or SQLite error code, or null when the code is not a fault of the machine. */
function exitFor(code: string): number | null {
  if (['ENOSPC', 'EDQUOT', 'EFBIG', 'EIO', 'SQLITE_FULL'].includes(code) || code.startsWith('SQLITE_IOERR'))
    return EXIT_IO;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return EXIT_BUSY;
  if (
    [
      'EROFS',
      'EACCES',
      'EPERM',
      'ENOENT',
      'ENOTDIR',
      'EISDIR',
      'SQLITE_CANTOPEN',
      'SQLITE_PERM',
      'SQLITE_NOTADB',
    ].includes(code)
  )
    return EXIT_BAD_INPUT;
  if (code.startsWith('SQLITE_READONLY')) return EXIT_BAD_INPUT;
  if (code.startsWith('SQLITE_CORRUPT')) return EXIT_FAILED_CHECK;
  return null;
}

/** SQLite's words for its fault codes, as the rest of the shell words them. */
function sqliteReason(code: string, message: string): string {
  if (code === 'SQLITE_FULL' || /disk I\/O error/.test(message))
    return code === 'SQLITE_FULL' ? 'no space left on device' : 'input/output error (is the disk full?)';
  if (code.startsWith('SQLITE_READONLY')) return 'it is read-only (file, directory or file system)';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
    return 'another process is using it (try again when it is done)';
  if (code.startsWith('SQLITE_CORRUPT')) return `it is damaged (${message})`;
  return message;
}

/**
 * A file-system or SQLite fault as the UserError the shell prints ("cannot write X: no space
 * left on device", exit 74), or null when `e` is not one (a bug, which stays an internal error).
 */
export function faultOf(e: unknown, subject: string, after = ''): UserError | null {
  if (e instanceof UserError) return e;
  const code = (e as Coded)?.code;
  if (typeof code !== 'string') return null;
  const exit = exitFor(code);
  if (exit === null) return null;
  const reason = code.startsWith('SQLITE_')
    ? // eslint-disable-next-line @typescript-eslint/no-base-to-string -- whatever the driver put there, as String() spells it
      sqliteReason(code, String((e as Coded)?.message ?? ''))
    : describeFsError(e);
  return new UserError(`${subject}: ${reason}${after}`, exit);
}

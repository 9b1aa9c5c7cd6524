// The spreadsheet add-in page, pure: the release figures of SPEC section 9 and the check of
// a user's Python version against the one the add-in requires.

/** SPEC section 9: "latest 1.2.0, kernel 1.2.15009, released 2025-03-12; Python 3.9.7 required". */
export const ADDIN_RELEASE = {
  version: '1.2.0',
  kernel: '1.2.15009',
  released: '2025-03-12',
  python: '3.9.7',
  /** No installer is published on this server yet: the page says so instead of linking a file. */
  downloadUrl: null as string | null,
} as const;

export type PythonCheck =
  | { kind: 'ok'; version: string }
  | { kind: 'mismatch'; version: string; required: string }
  | { kind: 'unreadable' };

/**
 * Reads what `python --version` printed (`Python 3.9.7`, `3.9.7`, `Python 3.11.4`) and
 * compares it with the required version (major.minor.patch, exactly).
 */
export function checkPython(text: string, required: string = ADDIN_RELEASE.python): PythonCheck {
  const m = /(?:^|\s|python\s*)(\d+)\.(\d+)(?:\.(\d+))?/i.exec(text.trim());
  if (!m) return { kind: 'unreadable' };
  const version = [m[1], m[2], m[3] ?? '0'].map(Number).join('.');
  return version === required ? { kind: 'ok', version } : { kind: 'mismatch', version, required };
}

// Node only: official notices from JSON files. A file holds one notice or an array of them;
// a directory contributes its *.json files. The pricing CLI and the pricing pool's workers
// load the files named in CALENDAR_NOTICES (paths separated by the platform's path
// delimiter, ':' on Linux) at start, so every process that prices sees the same notices.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { NoticeError, type OfficialNotice, parseNotice } from './notices';
import { loadOfficialNotice } from './registry';

export const NOTICES_ENV = 'CALENDAR_NOTICES';

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).filter((f) => f.endsWith('.json')).sort().map((f) => join(path, f));
}

/**
 * Loads every notice of a file (or of a directory's *.json files). All are validated before
 * any is loaded: an invalid one throws (naming the file) and loads nothing.
 */
export function loadNoticeFile(path: string): OfficialNotice[] {
  const parsed: { file: string; value: unknown }[] = [];
  for (const file of files(path)) {
    let json: unknown;
    try { json = JSON.parse(readFileSync(file, 'utf8')); } catch (e) { throw new NoticeError(`${file}: not JSON (${(e as Error).message})`, [`${file}: not JSON`]); }
    for (const value of Array.isArray(json) ? json : [json]) parsed.push({ file, value });
  }
  // Validate all before loading any, so a bad file leaves the calendars as they were.
  for (const p of parsed) {
    try { parseNotice(p.value); } catch (e) {
      if (e instanceof NoticeError) throw new NoticeError(`${p.file}: ${e.message}`, e.problems.map((x) => `${p.file}: ${x}`));
      throw e;
    }
  }
  return parsed.map((p) => loadOfficialNotice(p.value));
}

/** Loads the files named in CALENDAR_NOTICES, if set. */
export function loadNoticesFromEnv(env: Record<string, string | undefined> = process.env): OfficialNotice[] {
  const v = env[NOTICES_ENV];
  if (!v) return [];
  return v.split(delimiter).filter(Boolean).flatMap(loadNoticeFile);
}

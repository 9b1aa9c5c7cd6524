// Proves that every write PGlite acknowledged survives SIGKILL of the writing process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './index';
import { pgliteTemplate } from './test-backends';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-kill9-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('keeps every acknowledged row after the writer is killed with SIGKILL', async () => {
  // Start from a migrated copy (initdb takes seconds); the writes under test are the child's.
  fs.cpSync(await pgliteTemplate(), dir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'kill9-child.ts'), dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const acked: number[] = [];
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const killed = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^ack (\d+)$/.exec(line);
        if (m) acked.push(Number(m[1]));
      }
      // Kill mid-stream, while writes are still in flight.
      if (acked.length >= 60) {
        child.kill('SIGKILL');
        resolve();
      }
    });
    child.on('exit', () => (acked.length >= 60 ? resolve() : reject(new Error(`writer exited early: ${stderr}`))));
  });
  expect(await killed).toBe('SIGKILL');

  const db = await openDatabase({ dataDir: dir });
  try {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM durability_probe');
    const present = new Set(rows.map((r) => r.id));
    const missing = acked.filter((id) => !present.has(id) || (id % 3 === 0 && !present.has(-id)));
    expect(missing).toEqual([]);
    expect(acked.length).toBeGreaterThanOrEqual(60);
  } finally {
    await db.close();
  }
}, 120_000); // a child process booting PGlite on a loaded 2-core CI machine

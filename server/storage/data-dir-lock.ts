// One process at a time may open an embedded data directory: PGlite is a single-user
// PostgreSQL and two writers would corrupt it. A lock file holds the owner's pid; a lock
// left by a dead process (kill -9) is taken over.
import fs from 'node:fs';
import path from 'node:path';

const heldInThisProcess = new Set<string>();

export interface DataDirLock {
  release(): void;
}

export function lockDataDir(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir);
  if (heldInThisProcess.has(dir)) throw new Error(`data directory ${dir} is already open in this process`);
  const file = path.join(dir, 'desk-owner.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      heldInThisProcess.add(dir);
      return {
        release() {
          heldInThisProcess.delete(dir);
          fs.rmSync(file, { force: true });
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number(fs.readFileSync(file, 'utf8').trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(`data directory ${dir} is in use by process ${owner}`);
      }
      fs.rmSync(file, { force: true }); // stale: its owner is gone
    }
  }
  throw new Error(`could not lock data directory ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

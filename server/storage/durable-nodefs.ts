// PGlite's Node filesystem with a working fsync. Stock PGlite starts PostgreSQL with fsync
// off (-F) and its Emscripten NODEFS has no fsync, so a commit reaches the kernel but not
// the disk. Here NODEFS gets an fsync that calls fs.fsyncSync, and PostgreSQL runs with
// fsync on and wal_sync_method=fsync (Emscripten's fdatasync is a no-op, its fsync reaches
// the stream), so each commit is flushed to disk before the query resolves.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

let fsyncs = 0;
/** Number of fsync calls made for PGlite files in this process (tests read it). */
export const fsyncCount = () => fsyncs;

interface EmscriptenStream {
  nfd?: number;
}
interface EmscriptenModule {
  NODEFS: { stream_ops: { fsync?: (stream: EmscriptenStream) => number } };
}

export class DurableNodeFS extends NodeFS {
  installed = false;

  // The base class's init returns Emscripten options whose preRun mounts NODEFS; one more
  // preRun step then gives NODEFS its fsync.
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const result = await super.init(...args);
    const opts = result.emscriptenOpts as { preRun?: ((mod: EmscriptenModule) => void)[] };
    opts.preRun = [
      ...(opts.preRun ?? []),
      (mod) => {
        mod.NODEFS.stream_ops.fsync = (stream) => {
          // Directories have no host descriptor; files do.
          if (typeof stream.nfd === 'number') {
            fs.fsyncSync(stream.nfd);
            fsyncs++;
          }
          return 0;
        };
        this.installed = true;
      },
    ];
    return result;
  }
}

/** PGlite's defaults without -F (fsync off), with a sync method that reaches our fsync. */
export function durableStartParams(): string[] {
  const defaults = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;
  return [...defaults.filter((p) => p !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];
}

// persistedAtom: a Jotai atom holding a tool's inputs that survive a reload.
//
//   // src/tools/optionCalculator/state.ts
//   export const inputsAtom = persistedAtom({
//     key: PricingCacheKey.option, version: 1, schema: OptionInputs, defaults: DEFAULT_INPUTS,
//   });
//   // in the screen:  const [inputs, setInputs] = useAtom(inputsAtom);
//
// Read: the stored value, validated (codec.ts), the first time a store reads the atom (not
// at import, so a login between import and first use is seen). Write: the atom at once,
// localStorage debounced (writer.ts). `set(atom, RESET)` goes back to the defaults and
// removes the key.
//
// Two windows with the same tool: each keeps its own inputs while open; the last write wins
// and is what the next reload of either window sees. Windows are not synchronised live:
// a value changing under a user who is typing would be worse than a stale one.
import { atom, type WritableAtom } from 'jotai';
import { RESET } from 'jotai/utils';
import { decodeState, encodeState, type StateSpec } from './codec';
import { toolStateWriter, type DebouncedWriter } from './writer';

export { RESET };
export type SetStateActionWithReset<T> = T | typeof RESET | ((prev: T) => T | typeof RESET);
export type PersistedAtom<T> = WritableAtom<T, [SetStateActionWithReset<T>], void> & { readonly spec: StateSpec<T> };

export interface PersistedAtomOptions<T> extends StateSpec<T> {
  /** Tests: another writer (e.g. with its own storage). */
  writer?: DebouncedWriter;
}

function read(key: string, writer: DebouncedWriter): string | null {
  const queued = writer.peek(key);
  if (queued) return queued.value;
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Reads and validates the stored value now (what a fresh store's first read returns). */
export function readPersisted<T>(spec: StateSpec<T>, writer: DebouncedWriter = toolStateWriter): T {
  const outcome = decodeState(spec, read(spec.key, writer));
  if (outcome.kind === 'salvaged') console.warn(`[tool-state] ${spec.key}: invalid fields reset to defaults: ${outcome.dropped.join(', ')}`);
  if (outcome.kind === 'reset') console.warn(`[tool-state] ${spec.key}: stored value ignored (${outcome.reason}); using defaults`);
  return outcome.value;
}

export function persistedAtom<T>(options: PersistedAtomOptions<T>): PersistedAtom<T> {
  const { writer = toolStateWriter, ...spec } = options;
  // `undefined` until this store has read or written the value.
  const local = atom<{ value: T } | undefined>(undefined);
  const a = atom(
    (get) => {
      const held = get(local);
      return held ? held.value : readPersisted(spec, writer);
    },
    (get, set, update: SetStateActionWithReset<T>) => {
      const prev = get(a);
      const next = typeof update === 'function' ? (update as (p: T) => T | typeof RESET)(prev) : update;
      if (next === RESET) {
        set(local, { value: spec.defaults });
        writer.schedule(spec.key, null);
        return;
      }
      set(local, { value: next });
      writer.schedule(spec.key, encodeState(spec, next));
    },
  );
  return Object.assign(a, { spec });
}

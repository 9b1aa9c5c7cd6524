// Tool state: a tool's inputs kept across reloads under SPEC section 3's cache keys.
export { persistedAtom, readPersisted, RESET, type PersistedAtom, type PersistedAtomOptions } from './persisted-atom';
export { decodeState, encodeState, type DecodeOutcome, type StateSpec } from './codec';
export { toolStateWriter, DebouncedWriter, TOOL_STATE_WRITE_DELAY_MS } from './writer';
export { PricingCacheKey, toolCacheKey, CACHE_PREFIX } from '../../session/storage-keys';

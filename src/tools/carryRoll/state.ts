// /carryRoll inputs kept across reloads under SPEC section 3's browser key `carryRoll`.
import { persistedAtom } from '../../kit/tool-state';
import { StorageKey } from '../../session/storage-keys';
import { CarryInputs, DEFAULT_CARRY } from './model';

export const carryAtom = persistedAtom({ key: StorageKey.carryRoll, version: 1, schema: CarryInputs, defaults: DEFAULT_CARRY });

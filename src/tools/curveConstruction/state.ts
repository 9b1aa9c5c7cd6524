// /curveConstruction choices kept across reloads (index, interpolation, day counts, toggles,
// typed-in FRAs and futures).
import { persistedAtom, toolCacheKey } from '../../kit/tool-state';
import { CurveSettings, defaultSettings } from './market-curve';

export const settingsAtom = persistedAtom({ key: toolCacheKey('curveConstruction'), version: 1, schema: CurveSettings, defaults: defaultSettings() });

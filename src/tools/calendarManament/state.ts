// The holiday query's inputs, kept across reloads (cleared at logout with the other tool
// caches): one key per route, so the public /calendar and the shell's tab keep their own.
import { z } from 'zod';
import { deskToday } from '../../kit/fields';
import { persistedAtom, toolCacheKey, type PersistedAtom } from '../../kit/tool-state';
import { CALENDAR_CODES, type CalendarCode } from './model';

export interface CalendarInputs {
  currency: CalendarCode;
  year: number;
  month: number;
  joint: CalendarCode | null;
}

const Code = z.enum(CALENDAR_CODES);
const Inputs = z.object({
  currency: Code,
  year: z.number().int().min(1900).max(2199),
  month: z.number().int().min(1).max(12),
  joint: Code.nullable(),
});

function defaults(): CalendarInputs {
  const today = deskToday();
  return { currency: 'CNY', year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)), joint: null };
}

const atoms = new Map<string, PersistedAtom<CalendarInputs>>();

/** The inputs atom of a route (`calendarManament` or `calendar`). */
export function calendarInputsAtom(route: 'calendarManament' | 'calendar'): PersistedAtom<CalendarInputs> {
  let a = atoms.get(route);
  if (!a) {
    a = persistedAtom({ key: toolCacheKey(route), version: 1, schema: Inputs, defaults: defaults() });
    atoms.set(route, a);
  }
  return a;
}

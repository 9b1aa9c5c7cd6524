// First import of server/main.ts: shifts the server's clock to DESK_CLOCK before any other
// module reads the time (src/clock/README.md). Unset in production: nothing changes.
import { deskClockOffset } from '../src/clock/desk-clock';
import { shiftClock } from '../src/clock/shift';

export const DESK_CLOCK_OFFSET_MS = deskClockOffset(process.env.DESK_CLOCK?.trim() || undefined, Date.now());
shiftClock(DESK_CLOCK_OFFSET_MS);

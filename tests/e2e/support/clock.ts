// The fixed clock of every journey (src/clock/README.md): the server starts at this instant and
// its pages take the same "now" from /config.json, so no journey depends on the real date or
// weekday. A Tuesday, 10:30 in Beijing, mid-session for every FX centre the journeys use.
export const E2E_CLOCK = '2026-11-24T02:30:00Z';
/** Today's date on that clock (Beijing and UTC agree at this hour). */
export const E2E_TODAY = '2026-11-24';
/** A Saturday, for the journey that runs on a weekend on purpose. */
export const E2E_WEEKEND_CLOCK = '2026-11-28T02:30:00Z';
export const E2E_WEEKEND_TODAY = '2026-11-28';

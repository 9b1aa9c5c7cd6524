// Browser entry: read /config.json, start i18n and the reference data, then render.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadConfig } from './app/config';
import { getReferenceData } from './app/reference-data';
import { shiftClock } from './clock/shift';
import { initI18n } from './i18n';
import './ui/shell.css';

void getReferenceData();
const [, config] = await Promise.all([initI18n(), loadConfig()]);
shiftClock(config.DESK_CLOCK_OFFSET_MS); // the server's "now" (src/clock), before any screen reads the date

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

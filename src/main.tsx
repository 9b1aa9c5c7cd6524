// Browser entry: read /config.json, start i18n and the reference data, then render.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadConfig } from './app/config';
import { getReferenceData } from './app/reference-data';
import { initI18n } from './i18n';
import './ui/shell.css';

void getReferenceData();
await Promise.all([initI18n(), loadConfig()]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

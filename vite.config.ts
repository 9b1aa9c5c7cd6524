import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const BACKEND = 'http://127.0.0.1:8080';

// Files the page fetches at start-up, before a first visit's service worker controls it, so
// the runtime caches below never see them on that visit. Each is also precached (revisioned by
// content, fetched from the server at install) under `?offline-copy`, a URL the page never
// asks for, so the precache route never answers the real URL: the runtime strategy keeps
// deciding (network first for config.json, which operators edit on a deployed server), and
// the offline copy answers only when both the network and the runtime cache fail.
const OFFLINE_COPY = '?offline-copy';
const startupFiles = ['config.json', 'countries.json', 'currencies.json'];
const offlineCopyOf = (file: string) => ({ fallbackURL: `/${file}${OFFLINE_COPY}` });

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false, // src/app/UpdatePrompt.tsx registers through virtual:pwa-register/react
      includeAssets: ['icons/*.png'],
      manifest: {
        name: '金融定价分析平台 Pricing Desk',
        short_name: 'Pricing Desk',
        description: 'FX and rates pricing and analysis desk',
        lang: 'zh-CN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0b1a2e',
        background_color: '#f4f6f9',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,woff2,wasm}', ...startupFiles],
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.map((e) => (startupFiles.includes(e.url) ? { ...e, url: e.url + OFFLINE_COPY } : e)),
            warnings: [],
          }),
        ],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/gw\//, /^\/api\//, /^\/healthz/],
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname === '/config.json',
            handler: 'NetworkFirst',
            options: { cacheName: 'app-config', networkTimeoutSeconds: 3, precacheFallback: offlineCopyOf('config.json') },
          },
          {
            urlPattern: ({ url }) => url.pathname === '/countries.json',
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'reference-data', precacheFallback: offlineCopyOf('countries.json') },
          },
          {
            urlPattern: ({ url }) => url.pathname === '/currencies.json',
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'reference-data', precacheFallback: offlineCopyOf('currencies.json') },
          },
        ],
      },
    }),
  ],
  build: {
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
  },
  worker: { format: 'es' },
  server: {
    proxy: {
      '/gw/ws': { target: BACKEND, ws: true, changeOrigin: true },
      '/api': { target: BACKEND, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/gw/ws': { target: BACKEND, ws: true, changeOrigin: true },
      '/api': { target: BACKEND, changeOrigin: true },
    },
  },
});

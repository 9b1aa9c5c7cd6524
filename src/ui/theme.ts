// Chakra UI v3 system for the product: a calm desk palette (dark navy chrome, neutral
// surfaces, one blue accent) and compact type. The shell's own CSS (shell.css) uses the
// same values through CSS variables of the same names.
import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

export const palette = {
  navy900: '#0b1a2e',
  navy800: '#11253f',
  navy700: '#1a3354',
  accent: '#2f6fd6',
  accentSoft: '#e8f0fc',
  surface: '#f4f6f9',
  panel: '#ffffff',
  border: '#d9dfe7',
  text: '#1c2733',
  muted: '#5d6b7a',
  up: '#1f8a4c',
  down: '#c23b3b',
  warn: '#b7791f',
} as const;

const config = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#e8f0fc' }, 100: { value: '#c9dbf7' }, 200: { value: '#9dbdf0' }, 300: { value: '#6d9ce6' },
          400: { value: '#4a83de' }, 500: { value: palette.accent }, 600: { value: '#2559ad' }, 700: { value: '#1c4585' },
          800: { value: '#14325f' }, 900: { value: palette.navy900 }, 950: { value: '#06101d' },
        },
      },
      fonts: {
        body: { value: '"Inter", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", system-ui, sans-serif' },
        heading: { value: '"Inter", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", system-ui, sans-serif' },
        mono: { value: '"JetBrains Mono", "SFMono-Regular", Consolas, monospace' },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.500}' }, contrast: { value: 'white' }, fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' }, subtle: { value: '{colors.brand.50}' }, emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
  globalCss: {
    'html, body': { fontSize: '13px', color: palette.text, background: palette.surface },
  },
});

export const system = createSystem(defaultConfig, config);

// Chakra system: the default v3 system with a calm, dense admin look.
import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const config = defineConfig({
  theme: {
    tokens: {
      fonts: {
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      },
    },
  },
  globalCss: {
    'html, body': { bg: 'bg', color: 'fg', fontSize: '14px' },
    // The shared header's admin link is always hidden (spec §2).
    '[data-common-header="admin"]': { display: 'none !important' },
  },
});

export const system = createSystem(defaultConfig, config);

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
    // A pressed toggle (Active/Inactive, Visible To) is filled with the
    // palette's darkest shade in light mode and its lightest in dark mode,
    // the colour of its own focus ring: it gets a blue ring instead, set off
    // by a gap of page colour, and above its attached neighbours.
    'button[aria-pressed="true"]:focus-visible': {
      outline: '2px solid',
      outlineColor: 'blue.focusRing',
      outlineOffset: '2px',
      position: 'relative',
      zIndex: '1',
    },
  },
});

export const system = createSystem(defaultConfig, config);

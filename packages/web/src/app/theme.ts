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
    // A pressed toggle (Active/Inactive, Visible To) is filled with the gray
    // palette's darkest shade (lightest in dark mode), and its own focus ring,
    // gray.400, shows at 2.5:1 on white: it gets a blue ring (3.7:1 on white,
    // 5:1 on the dark page) instead, set off by a gap of page colour, above
    // its attached neighbours. Important: the button recipe's layer comes
    // after this global one.
    'button[aria-pressed="true"]:focus-visible': {
      outlineStyle: 'solid !important',
      outlineWidth: '2px !important',
      outlineColor: 'blue.focusRing !important',
      outlineOffset: '2px !important',
      position: 'relative',
      zIndex: '1',
    },
  },
});

export const system = createSystem(defaultConfig, config);

// Light or dark: the system setting until the person chooses with
// the header's toggle; the choice is kept through lib/storage.ts and outlives
// sign-out (a preference of the device, not of the sign-in). Chakra's
// semantic tokens switch on the `dark` class of <html>.
import { create } from 'zustand';
import { storage } from './storage.ts';

export type ColorMode = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemMode(): ColorMode {
  return globalThis.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

function chosenMode(): ColorMode | null {
  const value = storage.get('color_mode');
  return value === 'light' || value === 'dark' ? value : null;
}

export const useColorMode = create<{ mode: ColorMode }>(() => ({ mode: chosenMode() ?? systemMode() }));

function apply(mode: ColorMode): void {
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
}

/** Before the first render: applies the mode, and follows the system while nothing was chosen. */
export function startColorMode(): void {
  apply(useColorMode.getState().mode);
  useColorMode.subscribe(({ mode }) => apply(mode));
  globalThis.matchMedia?.(DARK_QUERY).addEventListener('change', () => {
    if (!chosenMode()) useColorMode.setState({ mode: systemMode() });
  });
}

export function setColorMode(mode: ColorMode): void {
  storage.set('color_mode', mode);
  useColorMode.setState({ mode });
}

export function toggleColorMode(): void {
  setColorMode(useColorMode.getState().mode === 'dark' ? 'light' : 'dark');
}

// The header's light/dark switch (lib/color-mode.ts). A toggle button: its
// name stays 'Dark mode' and aria-pressed says whether it is on.
import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { LuMoon, LuSun } from 'react-icons/lu';
import { toggleColorMode, useColorMode } from '../../lib/color-mode.ts';

export function ColorModeToggle(props: Omit<IconButtonProps, 'aria-label' | 'aria-pressed' | 'onClick'>) {
  const dark = useColorMode((s) => s.mode === 'dark');
  return (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label="Dark mode"
      aria-pressed={dark}
      title={dark ? 'Switch to light mode' : 'Switch to dark mode'}
      onClick={toggleColorMode}
      {...props}
    >
      {dark ? <LuSun aria-hidden /> : <LuMoon aria-hidden />}
    </IconButton>
  );
}

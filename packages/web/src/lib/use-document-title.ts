// The browser tab's title per screen: 'Users · User Profile', 'Editing User
// aaron.labadie · User Profile'. Every shell screen gets its page header's
// title through components/ui/page.tsx, the sign-in pages their card's; a
// screen that names its record passes the fuller title itself.
import { useEffect } from 'react';

export const APP_TITLE = 'User Profile';

/** 'Users' → 'Users · User Profile'; nothing → 'User Profile'. */
export function documentTitle(title?: string | null): string {
  const t = title?.trim();
  return t ? `${t} · ${APP_TITLE}` : APP_TITLE;
}

/**
 * Sets the tab title while the calling screen is shown; gone, the tab says the
 * product again, so a screen that names nothing never shows the last one's.
 * One line in a screen: `useDocumentTitle('Business Profiles')`; a screen
 * built on <Screen> (components/ui/page.tsx) gets its heading without it.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title);
    return () => {
      document.title = APP_TITLE;
    };
  }, [title]);
}

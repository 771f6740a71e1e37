// The shell (spec §1): the shared header on top, the side navigation for a
// signed-in user, and the content area. Until the shared header has set
// itself up (or when it cannot), a plain top bar with the same links stands
// in, so home and sign-out are always reachable.
import { Box, Flex, Link, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useState } from 'react';
import { ColorModeToggle } from '../components/ui/color-mode-toggle.tsx';
import { CARD_HEADER_ID, PAGE_HEADER_ID } from '../components/ui/page.tsx';
import { useActivityOffered } from '../lib/activity.ts';
import { getConfig } from '../lib/config.ts';
import { useFactorPolicyOffered } from '../lib/factor-policy.ts';
import { BASE_PATH, href, toLogout } from '../lib/paths.ts';
import { isLoggedIn, roleOf, useSession } from '../lib/session.ts';
import { TOASTS_BELOW } from '../lib/toast-placement.ts';
import { useRouteFocus } from '../lib/use-route-focus.ts';
import { setUpAnalytics } from './analytics.ts';
import { loadApplicationInfo } from './app-info.ts';
import { applyHeights } from './layout-heights.ts';
import { MenuEntries } from './nav-context.ts';
import { navItemsFor } from './nav-items.ts';
import { HEADER_ELEMENT_ID, setUpSharedHeader } from './shared-header.ts';
import { AccountLink, NavDrawer, SideNav } from './side-nav.tsx';

const HEADER_AREA_ID = 'app-header';

function useLayoutHeights(): void {
  useEffect(() => {
    let frame = 0;
    // At most once per frame, however many resize events or DOM changes arrive.
    const update = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        applyHeights({ header: HEADER_AREA_ID, pageHeader: PAGE_HEADER_ID, cardHeader: CARD_HEADER_ID });
      });
    };
    update();
    window.addEventListener('resize', update);
    // Screens mount their page header after the shell, and the shared header arrives late: measure again then.
    const observer = new MutationObserver(update);
    for (const id of ['main-content', HEADER_AREA_ID]) {
      const el = document.getElementById(id);
      if (el) observer.observe(el, { childList: true, subtree: true });
    }
    return () => {
      window.removeEventListener('resize', update);
      window.cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);
}

function useSharedHeader(signedIn: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void loadApplicationInfo().then(async (info) => {
      const config = getConfig();
      setUpAnalytics(info, config.analyticsUrl);
      const ok = await setUpSharedHeader(info, config.headerHost);
      if (live) setReady(ok);
    });
    return () => {
      live = false;
    };
  }, [signedIn]);
  return ready;
}

/**
 * The colours of the shared header's bar once it is set up (they come from
 * the suite, not from this theme), so the header toggle continues its bar;
 * null while the fallback bar shows.
 */
function useSharedHeaderColors(headerReady: boolean): { backgroundColor: string; color: string } | null {
  const [colors, setColors] = useState<{ backgroundColor: string; color: string } | null>(null);
  useEffect(() => {
    const bar = headerReady ? document.getElementById(HEADER_ELEMENT_ID)?.firstElementChild : null;
    if (!bar) return setColors(null);
    const style = window.getComputedStyle(bar);
    setColors({ backgroundColor: style.backgroundColor, color: style.color });
  }, [headerReady]);
  return colors;
}

function FallbackTopBar({ username }: { username: string | null }) {
  return (
    <Flex as="header" align="center" justify="space-between" h="12" px="5" bg="gray.900" color="white">
      <Link href={BASE_PATH} color="white" fontWeight="semibold" _hover={{ textDecoration: 'none', opacity: 0.9 }}>
        User Profile
      </Link>
      {username ? (
        <Flex align="center" gap="4" fontSize="sm">
          <Text>{username}</Text>
          <Link href={href(toLogout())} color="white" textDecoration="underline">
            Sign out
          </Link>
        </Flex>
      ) : null}
    </Flex>
  );
}

const MAIN_ID = 'main-content';

/**
 * The first tab stop: past the header and the navigation to the screen itself
 * (WCAG 2.4.1), out of sight until focused.
 */
function SkipLink() {
  return (
    <Link
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        // The address keeps its route: focus moves, the hash does not (wouter would read it as a new place).
        e.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      position="fixed"
      top="2"
      left="2"
      zIndex="skipNav"
      px="4"
      py="2"
      borderRadius="md"
      bg="bg"
      color="fg"
      fontWeight="semibold"
      boxShadow="lg"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none', outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
      colorPalette="blue"
    >
      Skip to main content
    </Link>
  );
}

export function ShellLayout({ children }: { children: ReactNode }) {
  const user = useSession((s) => s.user);
  const signedIn = isLoggedIn(user);
  // Asked once the first screen's calls are out of the way (lib/activity.ts); the entry shows where it answers.
  const activity = useActivityOffered(true, signedIn && roleOf(user) !== null);
  // The same for the sign-in policy, which only an ERRIGAL_ADMIN sets.
  const factorPolicy = useFactorPolicyOffered(signedIn && roleOf(user) === 'ERRIGAL_ADMIN');
  const items = signedIn ? navItemsFor(roleOf(user), activity, factorPolicy) : [];
  const headerReady = useSharedHeader(signedIn);
  const barColors = useSharedHeaderColors(headerReady);
  useLayoutHeights();
  useRouteFocus(MAIN_ID);

  return (
    // Exactly the window's height, the main area taking what the header leaves: the window never scrolls,
    // whatever the header's height while the shared header arrives (the heights of layout-heights.ts follow it a frame later).
    <Flex direction="column" h="100dvh">
      <SkipLink />
      {/* The shared header renders its own banner landmark; the fallback bar is one until then. */}
      <Box id={HEADER_AREA_ID} flexShrink={0} {...TOASTS_BELOW}>
        <Flex>
          <Box flex="1" minW="0">
            <div id={HEADER_ELEMENT_ID} />
            {headerReady ? null : <FallbackTopBar username={signedIn ? (user.username ?? null) : null} />}
          </Box>
          {/* Below md the signed-in toggle sits in the menu bar: the header bar has no width to spare there. */}
          <Flex
            align="center"
            px="2"
            bg="gray.900"
            color="white"
            style={barColors ?? undefined}
            {...(signedIn ? { hideBelow: 'md' } : {})}
          >
            {/* Everyone signed in has an account page, administrator or not. */}
            {signedIn ? <AccountLink color="inherit" _hover={{ bg: 'whiteAlpha.200' }} /> : null}
            <ColorModeToggle color="inherit" _hover={{ bg: 'whiteAlpha.200' }} />
          </Flex>
        </Flex>
        {signedIn ? <NavDrawer items={items} /> : null}
      </Box>
      <Flex flex="1" minH="0" overflow="hidden">
        {/* Someone without a console role has no screen but their account: no empty menu beside it. */}
        {items.length > 0 ? <SideNav items={items} /> : null}
        <Box as="main" id={MAIN_ID} tabIndex={-1} outline="none" flex="1" minW="0" minH="0" overflowY="auto" bg="bg">
          <MenuEntries.Provider value={items}>{children}</MenuEntries.Provider>
        </Box>
      </Flex>
    </Flex>
  );
}

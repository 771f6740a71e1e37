// Renders the app's toaster (src/lib/toaster.ts): top right, 5000 ms, below
// the header and the title row (lib/toast-placement.ts).
// Not in a Portal: a portal mounts only after the first commit, and a toast
// raised by the first screen's effect (the guard's 'Please Login First')
// would be created before anyone listens. The toaster is fixed-positioned.
import { Badge, Toaster as ChakraToaster, HStack, Stack, Toast } from '@chakra-ui/react';
import { useEffect } from 'react';
import { TOASTS_BELOW, toastTop } from '../../lib/toast-placement.ts';
import { toastCount, toaster, toasterStarted } from '../../lib/toaster.ts';

/** Chakra's md breakpoint and sm size: from there the stack is 24rem wide at the right, below it the window's width. */
const MD = 768;
const WIDTH = 384;
const EDGE = 16;

function placeStack(origin: Element | null): void {
  const right = window.innerWidth - EDGE;
  const left = window.innerWidth >= MD ? right - WIDTH : EDGE;
  const top = toastTop(origin, { left, right });
  const root = document.documentElement.style;
  if (top === null) root.removeProperty('--app-toast-top');
  else root.setProperty('--app-toast-top', `${top}px`);
}

/** The control focused when the last toast was raised: the one that raised it. */
let origin: Element | null = null;
let watched: ResizeObserver | null = null;

/**
 * The control that raised a toast, from what has the focus: a menu's item
 * stands for the menu's button, since the menu closes as the item is picked
 * (placed below the item, the stack hung in the middle of the page once the
 * menu had gone).
 */
function raisedBy(focused: Element | null): Element | null {
  if (!focused || focused === document.body) return null;
  const button = focused.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  return (button ? document.getElementById(button) : null) ?? focused;
}

/** Places the stack again, watching the size of everything it avoids now. */
function replace(): void {
  if (watched) {
    watched.disconnect();
    for (const element of document.querySelectorAll('[data-toasts-below]')) watched.observe(element);
  }
  placeStack(origin);
}

/**
 * Places the stack as each toast is raised (the focused control is the one
 * that raised it), on resize, and again when what it avoids changes size (a
 * title row that wraps onto another line once its list has loaded, the
 * shared header arriving): placed once, a toast raised before would cover it.
 */
function useToastPlacement(): void {
  useEffect(() => {
    const place = () => placeStack(origin);
    watched = new ResizeObserver(place);
    const unsubscribe = toaster.subscribe((toast: { dismiss?: boolean; message?: string }) => {
      if (toast.dismiss || toast.message) return;
      origin = raisedBy(document.activeElement);
      replace();
    });
    window.addEventListener('resize', place);
    return () => {
      unsubscribe();
      watched?.disconnect();
      watched = null;
      window.removeEventListener('resize', place);
    };
  }, []);
}

/**
 * For an element that comes and goes below the title row and holds what a
 * person presses next (an editor's dismissible warning, a bulk result's Undo):
 * the props that mark it, and the stack moves below it while it is there,
 * toasts already on screen too.
 */
export function useToastsBelow(): typeof TOASTS_BELOW {
  useEffect(() => {
    replace();
    // After the element has gone from the page.
    return () => void requestAnimationFrame(replace);
  }, []);
  return TOASTS_BELOW;
}

export function AppToaster() {
  useToastPlacement();
  useEffect(() => {
    // After the toast group has subscribed to the store (its own effects run in this same commit).
    const timer = window.setTimeout(toasterStarted, 0);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
      {(toast) => {
        const count = toastCount(toast);
        return (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              <HStack gap="2" align="start" justify="space-between">
                {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
                {count > 1 ? (
                  // Keyed by the count: a repeat mounts it afresh, so it pops in again.
                  <Badge
                    key={count}
                    data-part="count"
                    size="sm"
                    variant="solid"
                    colorPalette="gray"
                    flexShrink={0}
                    animationName="scale-in"
                    animationDuration="moderate"
                    aria-label={`raised ${count} times`}
                  >
                    ×{count}
                  </Badge>
                ) : null}
              </HStack>
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.closable ? <Toast.CloseTrigger aria-label="Dismiss" /> : null}
          </Toast.Root>
        );
      }}
    </ChakraToaster>
  );
}

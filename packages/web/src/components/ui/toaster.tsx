// Renders the app's toaster (src/lib/toaster.ts): top right, 5000 ms, below
// the header and the title row (lib/toast-placement.ts).
// Not in a Portal: a portal mounts only after the first commit, and a toast
// raised by the first screen's effect (the guard's 'Please Login First')
// would be created before anyone listens. The toaster is fixed-positioned.
import { Badge, Toaster as ChakraToaster, HStack, Stack, Toast } from '@chakra-ui/react';
import { useEffect } from 'react';
import { type Box, TOASTS_BELOW, toastTop } from '../../lib/toast-placement.ts';
import { toastCount, toaster, toasterStarted } from '../../lib/toaster.ts';

/** Chakra's md breakpoint and sm size: from there the stack is 24rem wide at the right, below it the window's width. */
const MD = 768;
const WIDTH = 384;
const EDGE = 16;

function placeStack(): void {
  const right = window.innerWidth - EDGE;
  const left = window.innerWidth >= MD ? right - WIDTH : EDGE;
  const top = toastTop(
    used.map((u) => u.box()),
    { left, right },
    toaster.getVisibleToasts().length,
  );
  const root = document.documentElement.style;
  if (top === null) root.removeProperty('--app-toast-top');
  else root.setProperty('--app-toast-top', `${top}px`);
}

/**
 * What the person used just before the last toast was raised, kept clear of the stack: the control
 * that raised it, the field last typed in, the tab last chosen. A save that moves to the record's
 * address renders the form afresh: the element then stands for the one of the new page in its place
 * (the field of the same label, the tab of the same name), else for its box when the toast came.
 */
interface Used {
  box: () => Box;
}
let used: Used[] = [];
/** The field last typed in and the tab last chosen, on this page. */
let lastField: Element | null = null;
let lastTab: Element | null = null;
let watched: ResizeObserver | null = null;

/** The element of the page now that stands where `element` stood (it has left the page). */
function counterpart(element: Element): () => Element | null {
  if (element.getAttribute('role') === 'tab') {
    const name = element.textContent;
    return () => [...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent === name) ?? null;
  }
  const label = (element as HTMLInputElement).labels?.[0]?.textContent;
  if (label) return () => [...document.querySelectorAll('label')].find((l) => l.textContent === label)?.control ?? null;
  return () => null;
}

/** The tab whose panel holds `field`: the tab in use while one types there. */
function tabOf(field: Element | null): Element | null {
  const panel = field?.closest('[role="tabpanel"]');
  if (!panel) return null;
  const by = panel.getAttribute('aria-labelledby');
  return (
    (by ? document.getElementById(by) : null) ?? document.querySelector(`[role="tab"][aria-controls="${panel.id}"]`)
  );
}

function usedNow(elements: readonly (Element | null)[]): Used[] {
  const kept = new Set(elements.filter((e): e is Element => !!e?.isConnected && !e.closest('[data-scope="toast"]')));
  return [...kept].map((element) => {
    const then = element.getBoundingClientRect();
    const now = counterpart(element);
    return {
      box: () => (element.isConnected ? element : now())?.getBoundingClientRect() ?? then,
    };
  });
}

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
  placeStack();
}

/** A field one types in or chooses from (not a button, a tick or a radio: those raise their toast themselves). */
function isField(target: EventTarget | null): target is Element {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
  return target.closest('[contenteditable=""], [contenteditable="true"], [role="combobox"]') !== null;
}

/**
 * Places the stack as each toast is raised (the focused control is the one
 * that raised it; the field and the tab used last are kept clear too), on
 * resize, and again when what it avoids changes size (a title row that wraps
 * onto another line once its list has loaded, the shared header arriving):
 * placed once, a toast raised before would cover it.
 */
function useToastPlacement(): void {
  useEffect(() => {
    const place = () => placeStack();
    watched = new ResizeObserver(place);
    const unsubscribe = toaster.subscribe((toast: { dismiss?: boolean; message?: string }) => {
      if (toast.dismiss || toast.message) return;
      used = usedNow([raisedBy(document.activeElement), lastField, tabOf(lastField), lastTab]);
      replace();
    });
    const typed = (e: Event) => {
      if (isField(e.target)) lastField = e.target;
    };
    const chose = (e: Event) => {
      const tab = e.target instanceof Element ? e.target.closest('[role="tab"]') : null;
      if (tab) lastTab = tab;
    };
    // While toasts show, the page changing under them (a saved form shown afresh at the record's address)
    // places them again, once a frame.
    let frame = 0;
    const changed = () => {
      if (frame || toaster.getVisibleToasts().length === 0) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        placeStack();
      });
    };
    const mutations = new MutationObserver(changed);
    mutations.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('input', typed, true);
    document.addEventListener('change', typed, true);
    document.addEventListener('click', chose, true);
    document.addEventListener('keyup', chose, true);
    window.addEventListener('resize', place);
    return () => {
      unsubscribe();
      mutations.disconnect();
      cancelAnimationFrame(frame);
      watched?.disconnect();
      watched = null;
      document.removeEventListener('input', typed, true);
      document.removeEventListener('change', typed, true);
      document.removeEventListener('click', chose, true);
      document.removeEventListener('keyup', chose, true);
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

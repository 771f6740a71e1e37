// Where the toast stack starts. Spec §9 puts toasts top right, which
// is where the header's Logout and the title row's actions (New User, Pull
// User Info, Sync All Applications, ...) are: toasts over them made a second
// press impossible until the toasts went. So the stack starts below every
// element marked `data-toasts-below` (the shell's header, the page's title
// row, a list's filter bar with its Active/Inactive toggle), and below what
// was just used when the stack would cover it: the control that raised the
// toast (a row's Status action, a tick in the cluster tree on a phone), the
// field last typed in and the tab last chosen (a saved form's toast over the
// Email just typed sent the eye looking for it). An element whose bottom
// leaves the stack no room below it in the window is not avoided.

/** Marks an element the toast stack starts below (the attribute is the whole API). */
export const TOASTS_BELOW = { 'data-toasts-below': '' } as const;

/** Space between the stack and what it avoids, and the window's edge (1rem, as the toaster's other offsets). */
const GAP = 16;
/** About the height of a toast with a reason line: the room the stack needs below a control. */
const ROOM = 96;

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/**
 * The distance from the window's top where toasts start, or null where
 * nothing needs avoiding (the toaster's own default then applies).
 * `used`: the boxes of what the person just used (the control that raised the
 * toast, the field last typed in, the tab last chosen), each kept clear when
 * the stack would cover it and there is room below it. `column` is the
 * horizontal band the stack occupies; `count` the toasts it holds.
 */
export function toastTop(used: readonly Box[], column: { left: number; right: number }, count = 1): number | null {
  const visible = (box: Box) => box.bottom - box.top > 0 && box.bottom > 0;
  let top: number | null = null;
  for (const element of document.querySelectorAll('[data-toasts-below]')) {
    const box = element.getBoundingClientRect();
    const below = Math.round(box.bottom) + GAP;
    if (visible(box) && below + ROOM <= window.innerHeight) top = Math.max(top ?? 0, below);
  }
  // Top to bottom: moved below one, the stack may come over the next.
  const height = ROOM * Math.max(1, count);
  for (const control of [...used].filter(visible).sort((a, b) => a.top - b.top)) {
    if (!overlaps(control, column, top ?? GAP, height)) continue;
    const below = Math.round(control.bottom) + GAP;
    // Below the control when a toast fits there; a control at the window's bottom has none under it.
    if (below + ROOM <= window.innerHeight) top = below;
  }
  return top;
}

function overlaps(control: Box, column: { left: number; right: number }, top: number, height: number): boolean {
  const across = control.left < column.right && control.right > column.left;
  return across && control.bottom > top && control.top < top + height;
}

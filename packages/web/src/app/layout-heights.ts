// Layout heights of spec §9: main area = window - 83 px; content = window -
// 83 - 128 - 52.8 px; recomputed from the real header, page header and card
// header heights once they exist. The content height is applied as a CSS
// variable the main content card reads.
import { LAYOUT } from '@userprofile/shared/constants';

export interface Measured {
  /** Height of the shared header area, when it has rendered (0 or absent: not yet). */
  header?: number;
  /** Page header and card header, once the page header exists. */
  pageHeader?: number;
  cardHeader?: number;
}

export function computeHeights(windowHeight: number, measured: Measured = {}) {
  const header = measured.header || LAYOUT.headerOffset;
  const pageHeader = measured.pageHeader ?? LAYOUT.contentHeader;
  const cardHeader = measured.cardHeader ?? LAYOUT.cardHeader;
  return {
    main: Math.max(0, windowHeight - header),
    content: Math.max(0, windowHeight - header - pageHeader - cardHeader),
  };
}

function heightOf(id: string): number {
  return document.getElementById(id)?.getBoundingClientRect().height ?? 0;
}

/**
 * Measures the real elements (spec §9): the header as soon as it has
 * rendered (a screen without a page header, such as notFound, still fills
 * the window), the page and card headers when the page header exists;
 * otherwise the fixed offsets.
 */
export function applyHeights(ids: { header: string; pageHeader: string; cardHeader: string }): void {
  const measured: Measured = { header: heightOf(ids.header) };
  if (document.getElementById(ids.pageHeader)) {
    measured.pageHeader = heightOf(ids.pageHeader);
    measured.cardHeader = heightOf(ids.cardHeader);
  }
  // The main area's height is the flex layout's (the shell is the window's height): only the card's is set here.
  const { content } = computeHeights(window.innerHeight, measured);
  const root = document.documentElement.style;
  // Only on a change: a custom property set on the root, even to its old
  // value, makes the browser recompute the style of the whole document.
  if (root.getPropertyValue('--up-content-height') !== `${content}px`) {
    root.setProperty('--up-content-height', `${content}px`);
  }
}

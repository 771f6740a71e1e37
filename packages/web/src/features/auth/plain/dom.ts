// A few lines of DOM building for the sign-in pages, which render without
// React so the one page every person passes through paints at once
// (docs/console.md "Start-up": sign-in pages without React).

type Child = Node | string | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

/** An element with attributes (`on…` as listeners; true as an empty attribute; false/null/undefined left out) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined) element.setAttribute(name, String(value));
  }
  element.append(...children.filter((c): c is Node | string => c !== null && c !== undefined && c !== false));
  return element;
}

const SVG = 'http://www.w3.org/2000/svg';

/**
 * A 24×24 line icon, hidden from assistive technology (its button or message
 * names it). `shapes` are path data, or `circle:cx,cy,r`.
 */
export function icon(shapes: readonly string[], { filled = false } = {}): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('fill', filled ? 'currentColor' : 'none');
  if (!filled) {
    svg.setAttribute('stroke', 'currentColor');
    svg.setAttribute('stroke-width', '2');
    svg.setAttribute('stroke-linecap', 'round');
    svg.setAttribute('stroke-linejoin', 'round');
  }
  for (const shape of shapes) {
    if (shape.startsWith('circle:')) {
      const [cx = '0', cy = '0', r = '0'] = shape.slice(7).split(',');
      const circle = document.createElementNS(SVG, 'circle');
      circle.setAttribute('cx', cx);
      circle.setAttribute('cy', cy);
      circle.setAttribute('r', r);
      svg.append(circle);
    } else {
      const path = document.createElementNS(SVG, 'path');
      path.setAttribute('d', shape);
      svg.append(path);
    }
  }
  return svg;
}

/** The icons of the sign-in pages (Lucide's, as the console's react-icons/lu). */
export const icons = {
  moon: ['M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z'],
  sun: [
    'circle:12,12,4',
    'M12 2v2',
    'M12 20v2',
    'm4.93 4.93 1.41 1.41',
    'm17.66 17.66 1.41 1.41',
    'M2 12h2',
    'M20 12h2',
    'm6.34 17.66-1.41 1.41',
    'm19.07 4.93-1.41 1.41',
  ],
  alert: ['circle:12,12,10', 'M12 8v4', 'M12 16h.01'],
  check: ['circle:12,12,10', 'm9 12 2 2 4-4'],
  info: ['circle:12,12,10', 'M12 16v-4', 'M12 8h.01'],
  close: ['M18 6 6 18', 'm6 6 12 12'],
} as const;

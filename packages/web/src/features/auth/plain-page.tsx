// A sign-in page written without React (./plain), shown by the console's
// router: it mounts into a box of its own and goes on through the router.
import { useEffect, useRef } from 'react';
import { navigateTo } from '../../lib/navigation.ts';
import type { PageHost } from './plain/card.ts';

const host: PageHost = { go: (path, options) => navigateTo(path, options) };

export function PlainPage({ mount }: { mount: (container: HTMLElement, host: PageHost) => () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => (box.current ? mount(box.current, host) : undefined), [mount]);
  return <div ref={box} />;
}

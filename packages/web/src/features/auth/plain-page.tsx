// A sign-in page written without React (./plain), shown by the console's
// router: it mounts into a box of its own and goes on through the router.
import { useEffect, useRef } from 'react';
import { navigateTo } from '../../lib/navigation.ts';
import { lazyScreen } from '../../lib/routing.ts';
import type { PageHost } from './plain/card.ts';

const host: PageHost = { go: (path, options) => navigateTo(path, options) };

/** Mounts a plain page into `container`; returns what unmounts it. */
type Mount = (container: HTMLElement, host: PageHost) => () => void;

function PlainPage({ mount }: { mount: Mount }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => (box.current ? mount(box.current, host) : undefined), [mount]);
  return <div ref={box} />;
}

/** A route's screen showing the plain page whose module `load` fetches when the route is first shown. */
export function lazyPlainPage(load: () => Promise<Mount>) {
  return lazyScreen(() =>
    load().then((mount) => ({
      default: function Page() {
        return <PlainPage mount={mount} />;
      },
    })),
  );
}

// What the backend offers beyond spec §7, learned in this one
// place. The real backend promises spec §7 and nothing more; a call the spec
// does not have at all is an extension (`x-extension: true` in the OpenAPI
// document, listed in @userprofile/shared/generated/extensions). The first
// call of an extension tells: an answer means offered; 404, 405 or 501 means
// not offered (so do 401 and 403 to a call without a token, and a web page
// where an answer was asked: @userprofile/shared/not-offered), and it is not
// asked again until sign-out. Once
// an extension has answered, a later 404 is that record's (gone or hidden),
// not the backend's.
// A missing extension never reaches the global handling of spec §8: no reload
// message, no 404 page.
import type { ExtensionId } from '@userprofile/shared/generated/extensions';
import { saysNotOffered } from '@userprofile/shared/not-offered';
import type { Middleware } from 'openapi-fetch';
import { useEffect } from 'react';
import { create } from 'zustand';
import { isApiError, NotOfferedError } from './api/errors.ts';
import { expectFailureWhen } from './api/middleware.ts';
import { registerCache } from './caches.ts';
import { storage } from './storage.ts';

export type { ExtensionId };
export { NotOfferedError };

/** What is known of one extension: unknown until its first call answers. */
export type Offer = 'offered' | 'not-offered' | 'unknown';

type Known = Partial<Record<ExtensionId, Exclude<Offer, 'unknown'>>>;

// Kept with the sign-in (local storage, cleared at sign-out), so a reload or a second tab does not ask again.
const useKnown = create<Known>(() => storage.getJson<Known>('extensions') ?? {});

registerCache(() => useKnown.setState({}, true));

function learn(id: ExtensionId, offer: Exclude<Offer, 'unknown'>): void {
  if (useKnown.getState()[id] === offer) return;
  useKnown.setState({ [id]: offer });
  storage.setJson('extensions', useKnown.getState());
}

/** What is known now of this extension. */
export function offerOf(id: ExtensionId): Offer {
  return useKnown.getState()[id] ?? 'unknown';
}

/** The same, for a component that changes when it is learned. */
export function useOffer(id: ExtensionId): Offer {
  return useKnown((known) => known[id] ?? 'unknown');
}

// A backend that serves a web app of its own may answer a path it does not have with that app's page,
// 200: that page says "not offered", as a 404 would (the rule, @userprofile/shared/not-offered).
const pageAsMissing: Middleware = {
  onResponse({ response }) {
    if (
      response.ok &&
      saysNotOffered({
        status: response.status,
        withoutToken: false,
        contentType: response.headers.get('Content-Type'),
      })
    )
      return new Response(null, { status: 404, statusText: 'Not Found', headers: response.headers });
    return undefined;
  },
};

/**
 * Calls an extension. `call` gets the middleware to pass to the API client
 * (its not-offered answers are this module's business, not the global
 * handler's). Throws NotOfferedError, without a request when already known,
 * if the backend does not offer it; any other failure is rethrown as is.
 */
export async function callExtension<T>(id: ExtensionId, call: (middleware: Middleware[]) => Promise<T>): Promise<T> {
  // While an extension is unknown, one call asks and the others wait for what it learns: two screens
  // (a menu's probe and an editor, say) asking at once would ask a backend without it twice.
  const asking = firstAsks.get(id);
  if (asking && offerOf(id) === 'unknown') await asking;
  const known = offerOf(id);
  if (known === 'not-offered') throw new NotOfferedError(id);
  if (known === 'unknown') {
    const first = ask(id, known, call);
    const settled = first.then(
      () => undefined,
      () => undefined,
    );
    firstAsks.set(id, settled);
    void settled.then(() => {
      if (firstAsks.get(id) === settled) firstAsks.delete(id);
    });
    return first;
  }
  return ask(id, known, call);
}

/** The call of an extension whose offer is still unknown, per extension: what the others wait for. */
const firstAsks = new Map<ExtensionId, Promise<void>>();

async function ask<T>(id: ExtensionId, known: Offer, call: (middleware: Middleware[]) => Promise<T>): Promise<T> {
  let withoutToken = false;
  const expected = expectFailureWhen((status, request) => {
    withoutToken = !request.headers.has('Authorization');
    return saysNotOffered({ status, withoutToken });
  });
  try {
    const result = await call([expected, pageAsMissing]);
    learn(id, 'offered');
    return result;
  } catch (error) {
    if (
      isApiError(error) &&
      saysNotOffered({ status: error.status, withoutToken }) &&
      !(error.status === 404 && known === 'offered')
    ) {
      learn(id, 'not-offered');
      throw new NotOfferedError(id);
    }
    throw error;
  }
}

/**
 * The extension's answer where the backend offers it, else the same answer
 * derived from spec §7 calls by `derive`. Each answer leaves a performance
 * measure, `<id>: answered` or `<id>: derived` (its time to the answer, the
 * derived one from when deriving began), which `npm run bench` reads.
 */
export async function extensionOrDerived<T>(
  id: ExtensionId,
  call: (middleware: Middleware[]) => Promise<T>,
  derive: () => Promise<T>,
): Promise<T> {
  let start = performance.now();
  try {
    const answer = await callExtension(id, call);
    performance.measure(`${id}: answered`, { start });
    return answer;
  } catch (error) {
    if (!(error instanceof NotOfferedError)) throw error;
    start = performance.now();
    const answer = await derive();
    performance.measure(`${id}: derived`, { start });
    return answer;
  }
}

/** Each extension's probe in flight or done, shared by every component that asks; forgotten at sign-out. */
const probes = new Map<ExtensionId, Promise<unknown>>();
registerCache(() => probes.clear());

/** The longest a deferred probe waits for the browser to be idle. */
const IDLE_WAIT_MS = 2000;

/**
 * Whether to show something that leads to an extension (a menu entry, a
 * link): only once the backend has answered it, so a spec-only backend never
 * shows one that leads nowhere, not even briefly. While that is unknown,
 * `probe` (one small call of the extension) is made once for every caller;
 * `later` waits until the browser is idle first (what renders at sign-in
 * leaves the first screen's calls to go first); `ask` false asks nothing (no
 * one signed in: an answer without a token would read as "not offered").
 */
export function useProbedOffer(
  id: ExtensionId,
  probe: () => Promise<unknown>,
  { later = false, ask = true }: { later?: boolean; ask?: boolean } = {},
): boolean {
  const offer = useOffer(id);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the probe of an extension is the same call on every render
  useEffect(() => {
    if (offer !== 'unknown' || !ask) return;
    const learn = () => {
      if (probes.has(id)) return;
      probes.set(
        id,
        probe().catch(() => {
          // Not offered is now known; any other failure is asked again by the next caller.
          probes.delete(id);
        }),
      );
    };
    if (!later) {
      learn();
      return;
    }
    if (typeof window.requestIdleCallback === 'function') {
      const idle = window.requestIdleCallback(learn, { timeout: IDLE_WAIT_MS });
      return () => window.cancelIdleCallback(idle);
    }
    const timer = setTimeout(learn, IDLE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [id, offer, later, ask]);
  return offer === 'offered';
}

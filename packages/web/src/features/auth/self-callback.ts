// selfcallback's exchange (spec §2): the callback is checked (state, iss), the
// code becomes a token and the user is loaded. It starts as soon as the
// configuration is in (src/main.ts), beside the console's own module, whose
// evaluation took 300 ms before any of these calls could be made; the page
// (pages/callback-pages.tsx) then joins it, or starts it when it was not started.
import { HOME_PATH } from '../../lib/paths.ts';
import { peekReturnPath } from '../../lib/return-path.ts';
import { preloadRoute } from '../../lib/routing.ts';
import { storage } from '../../lib/storage.ts';
import { checkCallback } from './authorize-request.ts';
import { askConsoleClientId, completeSelfLogin, providerIssuer } from './sign-in.ts';

export const WRONG_ISSUER =
  'This sign-in answer comes from another sign-in service than the one asked (iss), so it was refused. Please sign in again.';

/** A refusal whose reason the page says (the others are only logged, spec §8). */
export class CallbackRefused extends Error {
  constructor(
    message: string,
    readonly shown: string,
  ) {
    super(message);
  }
}

let running: { search: string; done: Promise<string | null> } | undefined;

/**
 * The exchange of this callback (its query, `search`), once per page: a second
 * call with the same query joins the first. Answers the sign-in's state (to
 * take the page it returns to by); rejects with the reason it was refused.
 */
export function selfCallbackExchange(search: string): Promise<string | null> {
  if (running?.search === search) return running.done;
  const done = exchange(search);
  running = { search, done };
  return done;
}

async function exchange(search: string): Promise<string | null> {
  const state = storage.get('state');
  // The client id (GET /auth/frontendconfig) is asked for beside the discovery, not after it.
  const clientId = askConsoleClientId();
  const checked = checkCallback(search, state, await providerIssuer());
  if (!checked.ok) {
    const message = `Callback refused: ${checked.reason}`;
    throw checked.wrongIssuer ? new CallbackRefused(message, WRONG_ISSUER) : new Error(message);
  }
  if (checked.ticket) storage.set('ticket', checked.ticket);
  // The page the sign-in returns to is loaded beside the code exchange and GET /me, not after them
  // (the router takes the request over when it starts, if it has not yet).
  preloadRoute(peekReturnPath(state, HOME_PATH));
  await completeSelfLogin(checked.code, clientId);
  return state;
}

// selfcallback's exchange (spec §2): the callback is checked (state, iss), the
// code becomes a token and the user is loaded, with the client id and the
// issuer stored when the sign-in began (./sign-in.ts startSelfLogin). It needs
// nothing of React or the console's own module (plain/self-callback-page.ts).
import { storage } from '../../lib/storage.ts';
import { checkCallback } from './authorize-request.ts';
import { askConsoleClientId, completeSelfLogin, selfSignInIssuer } from './sign-in.ts';

/** What a callback that could not be completed says (spec §8: the reason is only logged). */
export const SIGN_IN_FAILED = 'The sign-in could not be completed.';

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
  const clientId = askConsoleClientId();
  const checked = checkCallback(search, state, await selfSignInIssuer());
  if (!checked.ok) {
    const message = `Callback refused: ${checked.reason}`;
    throw checked.wrongIssuer ? new CallbackRefused(message, WRONG_ISSUER) : new Error(message);
  }
  if (checked.ticket) storage.set('ticket', checked.ticket);
  await completeSelfLogin(checked.code, clientId);
  return state;
}

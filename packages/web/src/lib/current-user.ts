// Loads the signed-in user (GET /me) into the session store; used at
// start-up and after every sign-in.
import { api, withLoading } from './api/client.ts';
import { type CurrentUser, setCurrentUser } from './session.ts';
import { currentToken } from './token.ts';

let loading: { token: string; done: Promise<CurrentUser | null> } | undefined;

/** GET /me for the stored token; a call while one for the same token is out joins it. */
export function loadCurrentUser(): Promise<CurrentUser | null> {
  const token = currentToken();
  if (!token) {
    setCurrentUser(null);
    return Promise.resolve(null);
  }
  if (loading?.token === token) return loading.done;
  const done = fetchCurrentUser().finally(() => {
    if (loading?.done === done) loading = undefined;
  });
  loading = { token, done };
  return done;
}

async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    const { data } = await api().GET('/api/v1/me', { middleware: [withLoading()] });
    const user = data ?? null;
    setCurrentUser(user);
    return user;
  } catch (error) {
    // A refused or expired token: the visitor is simply not signed in.
    console.warn('GET /me failed; continuing signed out', error);
    setCurrentUser(null);
    return null;
  }
}

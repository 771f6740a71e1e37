// Loads the signed-in user (GET /me) into the session store; used at
// start-up and after every sign-in.
import { api, withLoading } from './api/client.ts';
import { type CurrentUser, setCurrentUser } from './session.ts';
import { currentToken } from './token.ts';

export async function loadCurrentUser(): Promise<CurrentUser | null> {
  if (!currentToken()) {
    setCurrentUser(null);
    return null;
  }
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

// The OAuth2 client calls of spec §7, through the one API client. A save
// keeps the client list cache (lib/data, rows without secrets) current.
import { api, withLoading } from '../../lib/api/client.ts';
import { authClients } from '../../lib/data/auth-clients.ts';
import type { AuthClient, AuthClientInput } from './auth-client-form.ts';

/** One client with its secret (ERRIGAL_ADMIN only; answered `no-store`). */
export async function fetchAuthClient(uuid: string): Promise<AuthClient> {
  const { data } = await api().GET('/api/v1/authClient/get/{uuid}', {
    params: { path: { uuid } },
    middleware: [withLoading()],
  });
  return data as AuthClient;
}

export async function saveAuthClient(body: AuthClientInput): Promise<AuthClient> {
  const { data } = await api().POST('/api/v1/authClient/update', { body, middleware: [withLoading()] });
  const saved = data as AuthClient;
  const { clientSecret: _secret, ...row } = saved;
  authClients.upsert(row);
  return saved;
}

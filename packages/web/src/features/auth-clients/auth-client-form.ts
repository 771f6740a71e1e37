// The OAuth2 client form (spec §2 "OAuth2 client list and edit", §3, §5) as
// pure functions: the draft, its mapping from and to the wire, the shared
// rules (the redirect target rule is the server's own), and the sign-in
// addresses another application needs, shown beside the form.
import { generateClientSecret } from '@userprofile/shared/constants';
import type { components } from '@userprofile/shared/generated/api';
import { type OAuthClientField, type ValidationErrors, validateOAuthClient } from '@userprofile/shared/validation';
import { describeFields } from '../../lib/edit-conflict.ts';

export type AuthClient = components['schemas']['OAuth2Client'];
export type AuthClientSummary = components['schemas']['OAuth2ClientSummary'];
export type AuthClientInput = components['schemas']['OAuth2ClientInput'];

export interface AuthClientForm {
  /** Null: a new client (create mode); the id is the uuid the server gives it. */
  uuid: string | null;
  name: string;
  description: string;
  allowedRedirectTarget: string;
  clientSecret: string;
}

/** The form of a loaded client, or of a new one, which starts with a generated secret (spec §5). */
export function toAuthClientForm(
  client: AuthClient | null,
  makeSecret: () => string = generateClientSecret,
): AuthClientForm {
  return {
    uuid: client?.uuid ?? null,
    name: client?.name ?? '',
    description: client?.description ?? '',
    allowedRedirectTarget: client?.allowedRedirectTarget ?? '',
    clientSecret: client ? client.clientSecret : makeSecret(),
  };
}

export function toAuthClientPayload(form: AuthClientForm): AuthClientInput {
  const target = form.allowedRedirectTarget.trim();
  return {
    ...(form.uuid ? { uuid: form.uuid } : {}),
    name: form.name.trim(),
    description: form.description.trim(),
    allowedRedirectTarget: target === '' ? null : target,
    clientSecret: form.clientSecret,
  };
}

/** Spec §5 through the shared rule, on the values as they will be sent. */
export function validateAuthClientForm(form: AuthClientForm): ValidationErrors<OAuthClientField> {
  return validateOAuthClient(toAuthClientPayload(form));
}

export interface SignInAddresses {
  /** Where the other application sends the browser; it adds its own `state` and `code_challenge`. */
  authorize: string;
  /** Where it exchanges the code, authenticating with the client id and secret. */
  token: string;
}

/**
 * The addresses another application uses to sign users in with this client
 * (spec §7 "Redirects": {host}/userprofile/authorize with query parameters):
 * null until the client is saved with a redirect target.
 */
export function signInAddresses(
  client: Pick<AuthClientForm, 'uuid' | 'allowedRedirectTarget'>,
  origin: string,
  apiBaseUrl: string,
): SignInAddresses | null {
  const target = client.allowedRedirectTarget.trim();
  if (!client.uuid || target === '') return null;
  const query = new URLSearchParams({
    client_id: client.uuid,
    redirect_uri: target,
    response_type: 'code',
    scope: 'openid',
    code_challenge_method: 'S256',
  });
  const api = new URL(apiBaseUrl.replace(/\/$/, ''), origin).href.replace(/\/$/, '');
  return {
    authorize: `${origin}/userprofile/authorize?${query}`,
    token: `${api}/api/v1/auth/token`,
  };
}

/** The client's fields as the conflict dialog shows them: the secret by its last characters only. */
export const describeAuthClientField = describeFields<AuthClientForm>(
  {
    name: 'Name',
    description: 'Description',
    allowedRedirectTarget: 'Allowed Redirect Target',
    clientSecret: 'Client Secret',
  },
  { clientSecret: (secret) => (secret ? `a secret ending in ${secret.slice(-4)}` : '') },
);

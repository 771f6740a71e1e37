import type { FastifyInstance } from 'fastify';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { CONSOLE_CLIENT_ID, DEMO_CLIENT_ID } from '../../src/seed/seed.ts';
import { freePort } from '../free-port.ts';
import { testSigningKey } from './harness.ts';

const insecure = { [oauth.allowInsecureRequests]: true };
let app: FastifyInstance;
let origin: string;
let issuer: URL;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  issuer = new URL(`${origin}/userprofile`);
  app = await buildApp({ publicOrigin: origin, seedUsers: 10, webDist: null, signingKey: testSigningKey() });
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => app.close());

async function discover(algorithm: 'oidc' | 'oauth2') {
  const response = await oauth.discoveryRequest(issuer, { algorithm, ...insecure });
  return oauth.processDiscoveryResponse(issuer, response);
}

/** What the login page does for the user: the sign-in form, then POST /auth/authorize; answers the redirect URL. */
async function signInAtTheLoginPage(authorizationUrl: URL): Promise<URL> {
  const page = await fetch(authorizationUrl);
  expect(page.status).not.toBe(400);
  // The console's first page hands out the cross-site request token.
  const first = await fetch(`${origin}/userprofile/config.json`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] as string;
  const authorizeRequest = Object.fromEntries(authorizationUrl.searchParams);
  const res = await fetch(`${origin}/userprofile/api/v1/auth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ credentials: { username: 'customer.admin', password: 'Passw0rd!' }, authorizeRequest }),
  });
  expect(res.status).toBe(200);
  return new URL(((await res.json()) as { redirectUrl: string }).redirectUrl);
}

/** A seeded client and the authorization URL of a code request for it, with the PKCE challenge of `verifier`. */
async function authorizationUrl(
  as: oauth.AuthorizationServer,
  clientId: string,
  verifier: string,
  extra: Record<string, string> = {},
) {
  const registered = app.store?.findClient(clientId);
  if (!registered) throw new Error('seeded client missing');
  const url = new URL(as.authorization_endpoint as string);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: registered.allowedRedirectTarget,
    response_type: 'code',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...extra,
  }).toString();
  return { registered, url };
}

describe('oauth4webapi against the dev backend', () => {
  it('discovers the same metadata at the OpenID Connect and the RFC 8414 locations', async () => {
    const oidc = await discover('oidc');
    const oauth2 = await discover('oauth2');
    expect(oauth2).toEqual(oidc);
    expect(oidc.issuer).toBe(issuer.href);
    expect(oidc.token_endpoint_auth_methods_supported).toEqual(['client_secret_basic', 'client_secret_post', 'none']);
    expect(oidc.grant_types_supported).toEqual(['authorization_code']);
  });

  for (const { label, clientId, auth, openid } of [
    { label: 'the console (public client, PKCE) with openid', clientId: CONSOLE_CLIENT_ID, auth: 'none', openid: true },
    { label: 'the console without openid', clientId: CONSOLE_CLIENT_ID, auth: 'none', openid: false },
    {
      label: 'a client with a secret (client_secret_basic) with openid',
      clientId: DEMO_CLIENT_ID,
      auth: 'basic',
      openid: true,
    },
    {
      label: 'a client with a secret (client_secret_post) without openid',
      clientId: DEMO_CLIENT_ID,
      auth: 'post',
      openid: false,
    },
  ] as const) {
    it(`authorization code + PKCE: ${label}`, async () => {
      const as = await discover('oidc');
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const nonce = oauth.generateRandomNonce();
      const { registered, url } = await authorizationUrl(as, clientId, verifier, {
        state,
        ...(openid ? { scope: 'openid', nonce } : {}),
      });
      const client: oauth.Client = { client_id: clientId };
      const clientAuth =
        auth === 'none'
          ? oauth.None()
          : auth === 'basic'
            ? oauth.ClientSecretBasic(registered.clientSecret)
            : oauth.ClientSecretPost(registered.clientSecret);

      const callback = await signInAtTheLoginPage(url);
      const params = oauth.validateAuthResponse(as, client, callback, state);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        clientAuth,
        params,
        registered.allowedRedirectTarget,
        verifier,
        insecure,
      );
      const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
        ...(openid ? { expectedNonce: nonce, requireIdToken: true } : {}),
      });
      expect(result.token_type).toBe('bearer');
      expect(result.refresh_token).toBeUndefined();

      if (openid) {
        await oauth.validateApplicationLevelSignature(as, response, insecure);
        const claims = oauth.getValidatedIdTokenClaims(result);
        expect(claims).toMatchObject({ iss: issuer.href, aud: clientId, nonce });
        expect(claims?.sub).toBe(app.store?.findUserByUsername('customer.admin')?.uuid);
      } else {
        expect(result.id_token).toBeUndefined();
      }

      // A resource server of the suite validating the RFC 9068 access token against the published keys.
      const claims = await oauth.validateJwtAccessToken(
        as,
        new Request(`${origin}/resource`, { headers: { authorization: `Bearer ${result.access_token}` } }),
        clientId,
        insecure,
      );
      expect(claims).toMatchObject({ iss: issuer.href, aud: clientId, client_id: clientId });
    });
  }

  for (const [label, clientAuth] of [
    ['no secret (none)', oauth.None()],
    ['a wrong secret (client_secret_basic)', oauth.ClientSecretBasic('not-the-secret')],
    ['a wrong secret (client_secret_post)', oauth.ClientSecretPost('not-the-secret')],
  ] as const) {
    it(`a client with a secret that authenticates with ${label} is refused (invalid_client)`, async () => {
      const as = await discover('oidc');
      const verifier = oauth.generateRandomCodeVerifier();
      const { registered, url } = await authorizationUrl(as, DEMO_CLIENT_ID, verifier);
      const client: oauth.Client = { client_id: DEMO_CLIENT_ID };
      const params = oauth.validateAuthResponse(as, client, await signInAtTheLoginPage(url), oauth.expectNoState);
      const redeem = (auth: oauth.ClientAuth) =>
        oauth.authorizationCodeGrantRequest(
          as,
          client,
          auth,
          params,
          registered.allowedRedirectTarget,
          verifier,
          insecure,
        );
      const error = await oauth
        .processAuthorizationCodeResponse(as, client, await redeem(clientAuth))
        .catch((e: unknown) => e);
      // 401 with a Basic challenge (RFC 6749 §5.2), which oauth4webapi reports as such.
      expect(error).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
      const challenge = error as oauth.WWWAuthenticateChallengeError;
      expect(challenge.status).toBe(401);
      expect(challenge.cause[0]?.scheme).toBe('basic');
      expect(await challenge.response.json()).toMatchObject({ error: 'invalid_client' });
      // The refusal did not spend the code: the right secret still redeems it.
      const ok = await oauth.processAuthorizationCodeResponse(
        as,
        client,
        await redeem(oauth.ClientSecretBasic(registered.clientSecret)),
      );
      expect(ok.access_token).toEqual(expect.any(String));
    });
  }

  // An error sent back from the authorization endpoint names the issuer too, so a
  // client that checks RFC 9207 reads the error itself, not "response parameter iss missing".
  it('a refused request comes back to the client as an authorization error it can read (iss included)', async () => {
    const as = await discover('oidc');
    const state = oauth.generateRandomState();
    const { url } = await authorizationUrl(as, CONSOLE_CLIENT_ID, oauth.generateRandomCodeVerifier(), {
      state,
      code_challenge_method: 'plain',
    });
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(303);
    const callback = new URL(page.headers.get('location') as string);
    let refused: unknown;
    try {
      oauth.validateAuthResponse(as, { client_id: CONSOLE_CLIENT_ID }, callback, state);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(oauth.AuthorizationResponseError);
    expect(refused).toMatchObject({
      error: 'invalid_request',
      error_description: "code_challenge_method must be 'S256'",
    });
  });

  it('refresh is not offered: not advertised, and the grant is unsupported_grant_type', async () => {
    const as = await discover('oauth2');
    expect(as.grant_types_supported).not.toContain('refresh_token');
    const client: oauth.Client = { client_id: CONSOLE_CLIENT_ID };
    const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), 'not-a-token', insecure);
    const error = await oauth.processRefreshTokenResponse(as, client, response).catch((e: unknown) => e);
    expect((error as oauth.ResponseBodyError).error).toBe('unsupported_grant_type');
  });
});

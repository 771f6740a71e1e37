// What another team's code does with the installed packages: its fixtures
// file, and its application signing a user in through the dev backend with
// code + PKCE, taken from the package's README (so the README is what runs).
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '../../packages/contract/src/http.ts';

export const root = path.resolve(import.meta.dirname, '../..');

/** The fenced code block of the dev backend's README that starts with `// NAME` (or is the first `lang` block). */
export function readmeBlock(first: string): string {
  const readme = readFileSync(path.join(root, 'packages/dev-backend/README.md'), 'utf8');
  for (const [, body] of readme.matchAll(/```\w*\n([\s\S]*?)```/g)) if (body?.startsWith(first)) return body;
  throw new Error(`The dev backend's README has no code block starting with ${JSON.stringify(first)}`);
}

/** The README's fixtures example. */
export const FIXTURES_YAML = (() => {
  const readme = readFileSync(path.join(root, 'packages/dev-backend/README.md'), 'utf8');
  const block = /```yaml\n(seed: default[\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error("The dev backend's README has no fixtures example");
  return block;
})();

/**
 * Signs `username` in to the fixtures' client as a browser would, without one: the provider's
 * sign-in form, its authorize call (the page's own), through the conformance check's HTTP client
 * (a cookie jar with the cross-site request header); then the code exchange, as the team's
 * server makes it, with the client's secret and the PKCE verifier. Answers the access token's claims.
 */
export async function signInToClient(
  origin: string,
  user: { username: string; password: string },
  client = { id: 'snmp-manager-local', secret: 'local-dev-secret', redirect: 'http://127.0.0.1:3000/callback' },
): Promise<Record<string, unknown>> {
  const browser = new Client({ origin, timeoutMs: 10_000, maxRequests: 10, deadline: Date.now() + 60_000 });
  await browser.send({ method: 'GET', url: '/userprofile/api/v1/auth/frontendconfig' });
  const login = await browser.send({
    method: 'POST',
    url: '/userprofile/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(user).toString(),
  });
  if (login.status !== 200) throw new Error(`sign-in form: ${login.status} ${login.body}`);
  const verifier = randomBytes(32).toString('base64url');
  const authorize = await browser.send({
    method: 'POST',
    url: '/userprofile/api/v1/auth/authorize',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      authorizeRequest: {
        client_id: client.id,
        redirect_uri: client.redirect,
        response_type: 'code',
        scope: 'openid',
        state: 'st4te',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      },
    }),
  });
  if (authorize.status !== 200) throw new Error(`authorize: ${authorize.status} ${authorize.body}`);
  const redirect = new URL((JSON.parse(authorize.body) as { redirectUrl: string }).redirectUrl);
  if (`${redirect.origin}${redirect.pathname}` !== client.redirect) throw new Error(`redirected to ${redirect}`);
  const token = await fetch(`${origin}/userprofile/api/v1/auth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: redirect.searchParams.get('code') ?? '',
      code_verifier: verifier,
      redirect_uri: client.redirect,
    }),
  });
  if (token.status !== 200) throw new Error(`token: ${token.status} ${await token.text()}`);
  const { access_token } = (await token.json()) as { access_token: string };
  return JSON.parse(Buffer.from(access_token.split('.')[1] as string, 'base64url').toString());
}

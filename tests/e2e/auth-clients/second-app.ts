// Another application of the suite, on its own origin, for the end-to-end
// sign-in with a client registered in the console: it sends the browser to
// the console's authorize page (PKCE S256, its own state), takes the code at
// its redirect target, exchanges it back-channel with the client id and
// secret (client_secret_post, RFC 6749 §2.3.1), and checks the token's RS256
// signature against the published JWKS and its audience (itself, RFC 9068)
// before it greets the user.
import { createHash, createPublicKey, type JsonWebKey, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SecondAppClient {
  clientId: string;
  clientSecret: string;
  /** Path of the redirect target on this app's origin (the console must hold exactly origin + path). */
  callbackPath: string;
}

type Jwk = JsonWebKey & { kid: string };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Capacity Planner</title></head><body><h1>Capacity Planner</h1>${body}</body></html>`;
}

export class SecondApp {
  private server: Server | null = null;
  private readonly pending = new Map<string, string>();
  client: SecondAppClient | null = null;
  origin = '';

  constructor(private readonly consoleOrigin: string) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(new URL(req.url ?? '/', this.origin)).then(
        ({ status, html, location }) => {
          res.writeHead(status, {
            'content-type': 'text/html; charset=utf-8',
            'cache-control': 'no-store',
            ...(location ? { location } : {}),
          });
          res.end(html);
        },
        (error: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(error));
        },
      );
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    // Another port, so another origin than the console's; a loopback host, so http is allowed.
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  redirectTarget(path: string): string {
    return `${this.origin}${path}`;
  }

  private async handle(url: URL): Promise<{ status: number; html: string; location?: string }> {
    const client = this.client;
    if (!client) return { status: 503, html: page('<p role="alert">No client configured.</p>') };
    if (url.pathname === '/start') {
      const verifier = randomBytes(32).toString('base64url');
      const state = randomBytes(16).toString('base64url');
      this.pending.set(state, verifier);
      const query = new URLSearchParams({
        client_id: client.clientId,
        redirect_uri: this.redirectTarget(client.callbackPath),
        response_type: 'code',
        scope: 'openid',
        state,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      });
      return { status: 302, html: '', location: `${this.consoleOrigin}/userprofile/authorize?${query}` };
    }
    if (url.pathname === client.callbackPath) {
      const state = url.searchParams.get('state') ?? '';
      const code = url.searchParams.get('code');
      const verifier = this.pending.get(state);
      this.pending.delete(state);
      if (!verifier || !code) return { status: 400, html: page('<p role="alert">Unexpected sign-in answer.</p>') };
      const answer = await fetch(`${this.consoleOrigin}/userprofile/api/v1/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: client.clientId,
          client_secret: client.clientSecret,
          code,
          code_verifier: verifier,
          redirect_uri: this.redirectTarget(client.callbackPath),
        }),
      });
      const body = (await answer.json()) as { access_token?: string; error?: string };
      if (!answer.ok || !body.access_token) {
        return {
          status: 502,
          html: page(`<p role="alert">Code exchange failed: ${escapeHtml(body.error ?? String(answer.status))}</p>`),
        };
      }
      const claims = await this.verified(body.access_token);
      // RFC 9068: an access token issued to this client names it as its audience.
      const audience = ([] as unknown[]).concat(claims.aud);
      if (!audience.includes(client.clientId)) {
        return { status: 502, html: page('<p role="alert">The token was issued for another audience.</p>') };
      }
      return {
        status: 200,
        html: page(
          `<p>Signed in as <strong data-testid="username">${escapeHtml(String(claims.preferred_username))}</strong> through client <code data-testid="client">${escapeHtml(String(claims.client_id))}</code></p>`,
        ),
      };
    }
    return { status: 404, html: page('<p>Not found</p>') };
  }

  /** The token's claims, once its RS256 signature checks out against the console's JWKS. */
  private async verified(token: string): Promise<Record<string, unknown>> {
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const { kid, alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string; alg: string };
    const { keys } = (await (await fetch(`${this.consoleOrigin}/userprofile/api/v1/auth/jwks`)).json()) as {
      keys: Jwk[];
    };
    const jwk = keys.find((k) => k.kid === kid);
    if (alg !== 'RS256' || !jwk) throw new Error(`unexpected token header ${alg} ${kid}`);
    const key = createPublicKey({ key: jwk, format: 'jwk' });
    if (!verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'))) {
      throw new Error('token signature does not verify');
    }
    return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  }
}

// Security headers: every page and answer refuses framing and sniffing and
// sends no referrer; pages carry a Content-Security-Policy whose nonce is the
// one written into the page; API answers are never stored.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONSOLE_CLIENT_ID } from '../src/seed/seed.ts';
import { API, appUnderTest, consoleBuild } from './harness.ts';
import { PROVIDER } from './helpers.ts';

// What `vite build` writes with html.cspNonce set (packages/web/vite.config.ts).
const INDEX = `<!doctype html><html><head>
<meta property="csp-nonce" nonce="CSP_NONCE_PLACEHOLDER" />
<script type="module" crossorigin src="/userprofile/assets/app.js" nonce="CSP_NONCE_PLACEHOLDER"></script>
</head><body><div id="root"></div></body></html>`;

const t = appUnderTest(() => ({ webDist: consoleBuild({ 'index.html': INDEX, 'assets/app.js': 'console.log(1)' }) }), {
  reseedEach: false,
});

function directives(csp: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(csp).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

function expectEverywhereHeaders(headers: Record<string, unknown>, what: string) {
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(directives(headers['content-security-policy']).get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
}

describe('the console page', () => {
  it('carries a fresh nonce per answer, the same in the policy and in the page, and is not stored', async () => {
    const nonces = new Set<string>();
    for (const url of ['/userprofile/', '/userprofile/auth/login/user', '/userprofile/user/list', '/userprofile/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectEverywhereHeaders(res.headers, url);
      expect(res.headers['cache-control'], url).toBe('no-store');
      const csp = directives(res.headers['content-security-policy']);
      const nonce = /'nonce-([^']+)'/.exec(csp.get('style-src')?.join(' ') ?? '')?.[1];
      expect(nonce, url).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(res.body).not.toContain('CSP_NONCE_PLACEHOLDER');
      expect(res.body.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`]);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('base-uri'), url).toEqual(["'none'"]);
      nonces.add(nonce as string);
    }
    expect(nonces.size).toBe(4);
  });

  it('serves index.html itself only through the nonce-filling handler', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/userprofile/index.html' });
    expect(res.body).not.toContain('CSP_NONCE_PLACEHOLDER');
    expect(String(res.headers['content-security-policy'])).toContain("'nonce-");
  });

  it('built files get the headers but keep their caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/userprofile/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expectEverywhereHeaders(res.headers, 'app.js');
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});

describe('API answers', () => {
  it('are never stored: a client secret, a token answer, errors, discovery, any spelling of the path', async () => {
    const read = await t.call('GET', `${API}/authClient/get/${CONSOLE_CLIENT_ID}`, { as: PROVIDER });
    expect(read.status).toBe(200);
    expect(read.body).toHaveProperty('clientSecret');
    const answers = [
      ['client read with its secret', read.headers],
      [
        'token error',
        (
          await t.app.inject({
            method: 'POST',
            url: `${API}/auth/token`,
            payload: { grant_type: 'authorization_code' },
          })
        ).headers,
      ],
      ['401', (await t.app.inject({ method: 'GET', url: `${API}/me` })).headers],
      ['404', (await t.app.inject({ method: 'GET', url: `${API}/no/such/call` })).headers],
      [
        'jwks, path spelled with %61',
        (await t.app.inject({ method: 'GET', url: '/userprofile/%61pi/v1/auth/jwks' })).headers,
      ],
      ['login refused', (await t.app.inject({ method: 'POST', url: '/userprofile/login', payload: {} })).headers],
      ['outbox', (await t.app.inject({ method: 'GET', url: '/__mock/outbox' })).headers],
    ] as const;
    for (const [what, headers] of answers) {
      expect(headers['cache-control'], what).toBe('no-store');
      expectEverywhereHeaders(headers as Record<string, unknown>, what);
    }
  });
});

describe('server-rendered pages of the stand-in sites', () => {
  it('run under the policy: their one inline stylesheet is allowed by its hash, nothing else inline', async () => {
    const query = new URLSearchParams({
      client_id: CONSOLE_CLIENT_ID,
      redirect_uri: 'http://127.0.0.1:8080/userprofile/callback',
      response_type: 'code',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    for (const url of [`/sso/oauth/authorize?${query}`, '/demo-app/', '/userprofile/authorize?client_id=nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expectEverywhereHeaders(res.headers, url);
      expect(res.headers['cache-control'], url).toBe('no-store');
      const styles = [...res.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] as string);
      expect(styles, url).toHaveLength(1);
      const hash = `'sha256-${createHash('sha256')
        .update(styles[0] as string)
        .digest('base64')}'`;
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('style-src'), url).toContain(hash);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(res.body, url).not.toMatch(/<script(?![^>]*\bsrc=)/);
      expect(res.body, url).not.toMatch(/\sstyle="/);
    }
  });
});

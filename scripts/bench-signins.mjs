#!/usr/bin/env node
// Sign-ins part of `npm run bench`: heap used after 20,000
// unfinished sign-ins, and once their codes have expired. The contract server
// runs in this process with a clock the bench moves on.
// - provider: 20,000 POST /auth/authorize calls (2,000 signed-in browsers, 10
//   each, as a page that starts sign-ins and never redeems the code);
// - SSO: 20,000 sign-ins at the Enterprise SSO stand-in whose code the console
//   never redeems.
// Heap is measured after a full garbage collection. BENCH_SIGNINS (default
// 20000) sets the count.
import { buildApp } from '../packages/contract-server/src/app.ts';
import { SsoProvider } from '../packages/contract-server/src/sites/sso.ts';
import { authorizeRequest, pkce } from '../packages/contract-server/test/auth/harness.ts';
import { heapUsed as heap, mb } from './lib/bench-util.mjs';

const SIGNINS = Number(process.env.BENCH_SIGNINS) || 20_000;
const BROWSERS = Math.max(1, Math.round(SIGNINS / 10));
let now = Date.now();
const app = await buildApp({ publicOrigin: 'http://127.0.0.1:8080', seedUsers: 300, webDist: null, now: () => now });
await app.ready();
// The SSO stand-in as the app builds it (src/auth/index.ts), over the same store.
const sso = new SsoProvider(
  app.store,
  { clientId: 'console', redirectUri: 'http://127.0.0.1:8080/userprofile/callback' },
  () => now,
);

// The page's cross-site request token: its cookie and header.
const xsrf = app.auth.xsrfToken();
const XSRF = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
const pending = () => (app.auth.pending ? { ...app.auth.pending(), ssoCodes: sso.codeCount } : null);
const codes = () => {
  const p = pending();
  return p ? ` (codes kept: provider ${p.codes}, SSO ${p.ssoCodes})` : '';
};

const tokens = [];
for (let i = 0; i < BROWSERS; i++) tokens.push(await app.auth.issueTokenFor('provider.admin'));
const start = heap();
console.log(`heap used with ${BROWSERS} signed-in browsers: ${mb(start)}${codes()}`);

for (let i = 0; i < SIGNINS; i++) {
  const res = await app.inject({
    method: 'POST',
    url: '/userprofile/api/v1/auth/authorize',
    headers: XSRF,
    payload: { token: tokens[i % BROWSERS], authorizeRequest: authorizeRequest({}, undefined, pkce().challenge) },
  });
  if (res.statusCode !== 200) throw new Error(`authorize: ${res.statusCode} ${res.body}`);
}
const afterProvider = heap();
console.log(
  `after ${SIGNINS} unfinished provider sign-ins: ${mb(afterProvider)} (+${mb(afterProvider - start)})${codes()}`,
);

const account = app.store.findAccountByUsername('provider.admin');
const request = {
  client_id: sso.client.clientId,
  redirect_uri: sso.client.redirectUri,
  code_challenge: pkce().challenge,
};
for (let i = 0; i < SIGNINS; i++) sso.signIn(request, account);
const afterSso = heap();
console.log(`after ${SIGNINS} unfinished SSO sign-ins as well: ${mb(afterSso)} (+${mb(afterSso - start)})${codes()}`);

// 61 s later one more sign-in of each kind starts (that is when expired codes are swept).
now += 61_000;
await app.inject({
  method: 'POST',
  url: '/userprofile/api/v1/auth/authorize',
  headers: XSRF,
  payload: { token: tokens[0], authorizeRequest: authorizeRequest({}, undefined, pkce().challenge) },
});
sso.signIn(request, account);
const later = heap();
console.log(`61 s later, after one more sign-in of each kind: ${mb(later)} (+${mb(later - start)})${codes()}`);
await app.close();

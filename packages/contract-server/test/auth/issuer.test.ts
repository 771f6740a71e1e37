// RFC 9207: the authorization response names its issuer, the
// metadata says so, and the demo app refuses an answer naming another issuer
// (the mix-up defence of a client that signs in with more than one provider).

import { describe, expect, it } from 'vitest';
import { authAppUnderTest } from '../harness.ts';
import { authorizeRequest, Browser, DEMO_CLIENT, ORIGIN, obtainCode } from './harness.ts';

const t = authAppUnderTest({}, { reseedEach: false });
const ISSUER = `${ORIGIN}/userprofile`;

/** The demo app's start page in a fresh browser: its authorization request. */
async function demoRequest() {
  const demo = new Browser(t.app);
  const home = await demo.request({ method: 'GET', url: '/demo-app/' });
  const href = /href="([^"]+)">Sign in with User Profile/.exec(home.body)?.[1]?.replaceAll('&amp;', '&');
  return { demo, params: Object.fromEntries(new URL(href as string).searchParams) };
}

describe('RFC 9207 iss in the authorization response', () => {
  it('every redirect with a code carries iss: credentials, session and token sign-ins alike', async () => {
    const browser = await new Browser(t.app).open();
    const { url } = await obtainCode(browser);
    expect(url.searchParams.get('iss')).toBe(ISSUER);

    const session = await browser.request({
      method: 'POST',
      url: '/userprofile/api/v1/auth/session',
      payload: { authorizeRequest: authorizeRequest() },
    });
    expect(new URL(session.json().redirectUrl).searchParams.get('iss')).toBe(ISSUER);

    const demo = await obtainCode(browser, { client: DEMO_CLIENT });
    expect(demo.url.searchParams.get('iss')).toBe(ISSUER);
    expect(demo.url.searchParams.getAll('iss')).toHaveLength(1);
  });

  it('the metadata advertises it at both locations', async () => {
    for (const url of [
      '/userprofile/.well-known/openid-configuration',
      '/.well-known/oauth-authorization-server/userprofile',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.json()).toMatchObject({ issuer: ISSUER, authorization_response_iss_parameter_supported: true });
    }
  });

  it.each([
    ['another issuer', 'https://idp.evil.example'],
    ['no issuer', undefined],
  ])('the demo app refuses an answer naming %s, and signs nobody in', async (_name, iss) => {
    const { demo, params } = await demoRequest();
    const user = await new Browser(t.app).open();
    expect((await user.login('customer.admin')).statusCode).toBe(200);
    const authorized = await user.authorize({ authorizeRequest: params });
    const answer = new URL(authorized.json().redirectUrl).searchParams;
    if (iss === undefined) answer.delete('iss');
    else answer.set('iss', iss);
    const res = await demo.request({ method: 'GET', url: `/demo-app/callback?${answer}` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('This sign-in answer comes from another sign-in service than the one asked (iss)');
    expect(res.body).not.toContain('Signed in as');
  });
});

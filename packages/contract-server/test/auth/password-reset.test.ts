// Security checklist, "Password reset", seen from sign-in: the answers to
// forgot-password, the reset token's single use and lifetime, and the end of
// the user's other sessions after a reset.

import { describe, expect, it } from 'vitest';
import { authAppUnderTest } from '../harness.ts';
import { Browser, me, PASSWORD, signInToken } from './harness.ts';

const NEW_PASSWORD = 'N3w-Passw0rd-for-tests';

// Each test starts with no mail sent (forgot-password sends one mail per user per 5 minutes).
const t = authAppUnderTest();

async function outbox(): Promise<{ username: string; link: string | null }[]> {
  return (await t.app.inject({ method: 'GET', url: '/__mock/outbox' })).json();
}

/** Asks for a reset link as the forgot-password page does; answers the token from the e-mail, if one was sent. */
async function forgot(username: string) {
  const before = (await outbox()).length;
  const res = await t.helper.call('POST', '/userprofile/api/v1/password/forgot', { body: { username } });
  const mail = (await outbox()).slice(before).find((m) => m.link);
  const token = mail?.link ? (mail.link.split('/password/new/')[1] as string) : undefined;
  return { res, token };
}

function update(token: string, password: string) {
  return t.helper.call('POST', '/userprofile/api/v1/password/update', {
    body: { token, password, rePassword: password },
  });
}

describe('password reset', () => {
  it('an unknown username gets the same answer as a known one, and nothing is sent', async () => {
    const known = await forgot('customer.admin');
    const unknown = await forgot('nobody.at.all');
    expect(unknown.res.status).toBe(known.res.status);
    expect(unknown.res.body).toEqual(known.res.body);
    expect(known.token).toBeTruthy();
    expect(unknown.token).toBeUndefined();
  });

  it('a token works once', async () => {
    const { token } = await forgot('customer.admin');
    expect((await update(token as string, NEW_PASSWORD)).status).toBe(204);
    const again = await update(token as string, `${NEW_PASSWORD}-2`);
    expect(again.status).toBe(404);
  });

  it('a token expires', async () => {
    const { token } = await forgot('sco.admin');
    t.clock.advance(2 * 60 * 60 * 1000);
    const res = await update(token as string, NEW_PASSWORD);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('This password reset link is invalid or has expired');
  });

  it('asking again does not void the earlier link (anyone can ask for anyone)', async () => {
    const { token: older } = await forgot('provider.admin');
    const again = await forgot('provider.admin');
    expect(again.res.status).toBe(200);
    expect(again.token).toBeUndefined();
    const verify = await t.helper.call('GET', `/userprofile/api/v1/password/token/verify/${older}`);
    expect(verify.status).toBe(200);
  });

  it("a successful reset ends the user's other sessions; the new password signs in, the old one no longer", async () => {
    const phone = await signInToken(t.app, 'customer.admin');
    const laptop = await signInToken(t.app, 'customer.admin');
    const colleague = await signInToken(t.app, 'provider.admin');

    const before = (await t.app.inject({ method: 'GET', url: '/__mock/outbox' })).json().length;
    await t.helper.call('POST', '/userprofile/api/v1/password/forgot', { body: { username: 'customer.admin' } });
    const mail = (await t.app.inject({ method: 'GET', url: '/__mock/outbox' })).json().slice(before)[0];
    const token = mail.link.split('/password/new/')[1];
    const reset = await t.helper.call('POST', '/userprofile/api/v1/password/update', {
      body: { token, password: NEW_PASSWORD, rePassword: NEW_PASSWORD },
    });
    expect(reset.status).toBe(204);

    expect((await me(t.app, phone.token)).statusCode).toBe(401);
    expect((await me(t.app, laptop.token)).statusCode).toBe(401);
    const session = await laptop.browser.request({
      method: 'POST',
      url: '/userprofile/api/v1/auth/session',
      payload: {
        authorizeRequest: {
          client_id: '6f1c1f0e-3b8a-4d52-9a57-2f3c5f0b7d10',
          redirect_uri: 'http://127.0.0.1:8080/userprofile/selfcallback',
          response_type: 'code',
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
        },
      },
    });
    expect(session.statusCode).toBe(204);
    // Another user's sessions are untouched.
    expect((await me(t.app, colleague.token)).statusCode).toBe(200);

    const browser = await new Browser(t.app).open();
    expect((await browser.login('customer.admin', PASSWORD)).statusCode).toBe(401);
    expect((await browser.login('customer.admin', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('app.auth.revokeUserSessions ends every session and token of that user only', async () => {
    const a = await signInToken(t.app, 'sco.admin');
    const b = await signInToken(t.app, 'provider.admin');
    t.app.auth.revokeUserSessions(t.uuidOf('sco.admin'));
    expect((await me(t.app, a.token)).statusCode).toBe(401);
    expect((await me(t.app, b.token)).statusCode).toBe(200);
  });
});

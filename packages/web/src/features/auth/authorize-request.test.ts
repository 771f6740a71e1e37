import { describe, expect, it } from 'vitest';
import { checkCallback, parseAuthorizeQuery, selfAuthorizePath, ssoAuthorizeUrl } from './authorize-request.ts';

describe('parseAuthorizeQuery', () => {
  it('reads the listed parameters, code_challenge_method defaulting to S256', () => {
    const r = parseAuthorizeQuery(
      '?client_id=c&redirect_uri=https%3A%2F%2Fa%2Fcb&response_type=code&state=s&code_challenge=x&scope=openid',
    );
    expect(r).toEqual({
      client_id: 'c',
      redirect_uri: 'https://a/cb',
      response_type: 'code',
      code_challenge: 'x',
      code_challenge_method: 'S256',
      scope: 'openid',
      state: 's',
    });
  });
  it('decodes each parameter once: percent signs in state and an encoded redirect query survive', () => {
    const sent = { state: 'ret%2Fhome%3Fa%3D1', redirect_uri: 'https://a/cb?next=%2Fhome', nonce: 'n%25' };
    const r = parseAuthorizeQuery(`?${new URLSearchParams({ client_id: 'c', ...sent })}`);
    expect(r).toMatchObject(sent);
  });
  it('answers null without a client_id', () => {
    expect(parseAuthorizeQuery('?state=s')).toBeNull();
  });
});

describe('redirect URLs', () => {
  it('the console’s own request goes to /authorize with selfcallback and S256', () => {
    const path = selfAuthorizePath({ clientId: 'console', origin: 'http://h:1', challenge: 'ch', state: 'st' });
    const url = new URL(path, 'http://h:1/userprofile/');
    expect(url.pathname).toBe('/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'console',
      redirect_uri: 'http://h:1/userprofile/selfcallback',
      response_type: 'code',
      code_challenge_method: 'S256',
      code_challenge: 'ch',
      state: 'st',
      scope: 'openid',
    });
  });
  it('the SSO request goes to the provider’s oauth authorize path with the callback', () => {
    const url = new URL(
      ssoAuthorizeUrl({
        providerBaseUrl: 'http://h/sso/',
        clientId: 'c',
        origin: 'http://h',
        challenge: 'ch',
        state: 'st',
      }),
    );
    expect(url.pathname).toBe('/sso/oauth/authorize');
    expect(url.searchParams.get('redirect_uri')).toBe('http://h/userprofile/callback');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });
});

describe('checkCallback (spec §4, §8)', () => {
  it('follows a callback with the stored state and a code', () => {
    expect(checkCallback('?code=c&state=s&ticket=t', 's')).toEqual({ ok: true, code: 'c', ticket: 't' });
  });
  it('refuses a state mismatch, a missing stored state, and a missing code', () => {
    expect(checkCallback('?code=c&state=x', 's').ok).toBe(false);
    expect(checkCallback('?code=c&state=s', null).ok).toBe(false);
    expect(checkCallback('?state=s', 's').ok).toBe(false);
  });
  it('refuses an answer naming another issuer, or none when the provider always names it (RFC 9207)', () => {
    const issuer = { issuer: 'https://idp.example/userprofile', required: true };
    const own = `?code=c&state=s&iss=${encodeURIComponent(issuer.issuer)}`;
    expect(checkCallback(own, 's', issuer)).toEqual({ ok: true, code: 'c', ticket: null });
    expect(checkCallback('?code=c&state=s&iss=https%3A%2F%2Fevil.example', 's', issuer)).toMatchObject({
      ok: false,
      wrongIssuer: true,
    });
    expect(checkCallback('?code=c&state=s', 's', issuer)).toMatchObject({ ok: false, wrongIssuer: true });
    // A provider without the parameter in its metadata: only a named issuer must match.
    const optional = { ...issuer, required: false };
    expect(checkCallback('?code=c&state=s', 's', optional).ok).toBe(true);
    expect(checkCallback('?code=c&state=s&iss=https%3A%2F%2Fevil.example', 's', optional).ok).toBe(false);
  });
});

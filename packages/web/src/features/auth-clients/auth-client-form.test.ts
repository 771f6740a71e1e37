import { validationMessages as m } from '@userprofile/shared/messages';
import { describe, expect, it } from 'vitest';
import {
  type AuthClient,
  signInAddresses,
  toAuthClientForm,
  toAuthClientPayload,
  validateAuthClientForm,
} from './auth-client-form.ts';

const planner: AuthClient = {
  uuid: '3f0d6a52-8c1e-4b7a-9d2f-6e5a4c3b2a10',
  name: 'Capacity Planner',
  description: 'Plans capacity from the inventory',
  allowedRedirectTarget: 'https://planner.example.com/oauth/callback',
  clientSecret: 'Zq8mN2pL5vR9tX3wY6bC1dF4gH7jK0sA',
};

describe('toAuthClientForm', () => {
  it('starts a new client with a generated 32-character letters-and-digits secret', () => {
    const form = toAuthClientForm(null);
    expect(form).toMatchObject({ uuid: null, name: '', description: '', allowedRedirectTarget: '' });
    expect(form.clientSecret).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(toAuthClientForm(null).clientSecret).not.toBe(form.clientSecret);
  });

  it('reads a saved client, its secret unchanged', () => {
    expect(toAuthClientForm(planner, () => 'never')).toEqual(planner);
    expect(toAuthClientForm({ ...planner, allowedRedirectTarget: null }).allowedRedirectTarget).toBe('');
  });
});

describe('toAuthClientPayload', () => {
  it('trims the texts, sends no uuid for a new client and null for no redirect target', () => {
    const form = { ...toAuthClientForm(null, () => 'S3cret'), name: ' Planner ', description: ' Plans ' };
    expect(toAuthClientPayload(form)).toEqual({
      name: 'Planner',
      description: 'Plans',
      allowedRedirectTarget: null,
      clientSecret: 'S3cret',
    });
    expect(toAuthClientPayload(toAuthClientForm(planner))).toEqual(planner);
  });
});

describe('validateAuthClientForm (spec §5 and the redirect target rule)', () => {
  const valid = toAuthClientForm(planner);

  it('accepts a complete client, with or without a redirect target', () => {
    expect(validateAuthClientForm(valid)).toEqual({});
    expect(validateAuthClientForm({ ...valid, allowedRedirectTarget: '  ' })).toEqual({});
  });

  it('requires name and description under 255, the secret under 64', () => {
    expect(validateAuthClientForm({ ...valid, name: ' ', description: 'd'.repeat(256), clientSecret: '' })).toEqual({
      name: m.requiredMax255,
      description: m.requiredMax255,
      clientSecret: m.clientSecret,
    });
    expect(validateAuthClientForm({ ...valid, clientSecret: 's'.repeat(64) })).toEqual({});
    expect(validateAuthClientForm({ ...valid, clientSecret: 's'.repeat(65) })).toEqual({
      clientSecret: m.clientSecret,
    });
    expect(m.clientSecret).toContain('under 64 characters');
  });

  it('refuses javascript:, data: and plain http off the loopback host', () => {
    for (const target of ['javascript:alert(1)', 'data:text/html,x', 'http://planner.example.com/cb']) {
      expect(validateAuthClientForm({ ...valid, allowedRedirectTarget: target })).toEqual({
        allowedRedirectTarget: m.redirectTarget,
      });
    }
    expect(validateAuthClientForm({ ...valid, allowedRedirectTarget: 'http://localhost:3000/cb' })).toEqual({});
  });
});

describe('signInAddresses', () => {
  const saved = toAuthClientForm(planner);

  it('gives the authorize URL and token endpoint of a saved client with a redirect target', () => {
    expect(signInAddresses(saved, 'https://console.example.net', '/userprofile')).toEqual({
      authorize:
        'https://console.example.net/userprofile/authorize?client_id=3f0d6a52-8c1e-4b7a-9d2f-6e5a4c3b2a10' +
        '&redirect_uri=https%3A%2F%2Fplanner.example.com%2Foauth%2Fcallback&response_type=code&scope=openid' +
        '&code_challenge_method=S256',
      token: 'https://console.example.net/userprofile/api/v1/auth/token',
    });
    expect(signInAddresses(saved, 'https://console.example.net', 'https://api.example.net/userprofile/')?.token).toBe(
      'https://api.example.net/userprofile/api/v1/auth/token',
    );
  });

  it('gives nothing before the client is saved or without a redirect target', () => {
    expect(signInAddresses({ ...saved, uuid: null }, 'https://c.example', '/userprofile')).toBeNull();
    expect(signInAddresses({ ...saved, allowedRedirectTarget: '' }, 'https://c.example', '/userprofile')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseConfig } from './config.ts';

const valid = {
  apiBaseUrl: '/userprofile/',
  headerHost: '/header-host',
  ssoEnabled: true,
  ssoAutoRedirect: false,
  supportEmail: 'help@example.com',
};

describe('config.json', () => {
  it('parses the designed shape', () => {
    expect(parseConfig(valid)).toEqual({ ...valid, apiBaseUrl: '/userprofile' });
    expect(parseConfig({ ...valid, headerHost: null }).headerHost).toBeNull();
  });
  it('names the bad key', () => {
    expect(() => parseConfig({ ...valid, apiBaseUrl: 3 })).toThrow(/apiBaseUrl/);
    expect(() => parseConfig([])).toThrow(ConfigError);
  });
  it('fails start-up on an HTTP error', async () => {
    const fetch404 = async () => new Response('nope', { status: 404 });
    await expect(loadConfig(fetch404, '/userprofile/config.json')).rejects.toThrow(/404/);
  });
});

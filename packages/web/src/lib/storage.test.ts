import { beforeEach, describe, expect, it } from 'vitest';
import { storage } from './storage.ts';
import { installMemoryStorage } from './test-support.ts';

describe('storage', () => {
  let data: Map<string, string>;
  beforeEach(() => {
    data = installMemoryStorage();
  });

  it('writes every key under the user-profile. prefix', () => {
    storage.set('access_token', 'abc');
    storage.set('menu_expanded', 'false');
    expect([...data.keys()]).toEqual(['user-profile.access_token', 'user-profile.menu_expanded']);
    expect(storage.get('access_token')).toBe('abc');
  });

  it('clear removes only this app’s items', () => {
    data.set('other-app.token', 'keep');
    storage.set('ticket', 't');
    storage.setJson('sso_authorize_request', { client_id: 'x' });
    storage.clear();
    expect([...data.keys()]).toEqual(['other-app.token']);
  });

  it('clear keeps the colour mode: a choice of the device, not of the sign-in', () => {
    storage.set('color_mode', 'dark');
    storage.set('access_token', 'abc');
    storage.clear();
    expect([...data.keys()]).toEqual(['user-profile.color_mode']);
  });

  it('getJson answers null for a value that is not JSON', () => {
    data.set('user-profile.searchCriteria', '{broken');
    expect(storage.getJson('searchCriteria')).toBeNull();
  });
});

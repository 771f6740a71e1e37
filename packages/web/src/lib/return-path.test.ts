import { beforeEach, describe, expect, it } from 'vitest';
import { bindReturnPath, peekReturnPath, rememberReturnPath, safeReturnPath, takeReturnPath } from './return-path.ts';
import { installMemoryStorage } from './test-support.ts';

describe('safeReturnPath', () => {
  it('keeps a console path with its query', () => {
    expect(safeReturnPath('/profile/business/list')).toBe('/profile/business/list');
    expect(safeReturnPath('/user/edit/0b6f?tab=2&q=a%2Fb')).toBe('/user/edit/0b6f?tab=2&q=a%2Fb');
  });

  it.each([
    '//evil.example',
    '//evil.example/user/list',
    'https://evil.example/user/list',
    'javascript:alert(1)',
    '/\\evil.example',
    '\\\\evil.example',
    '/%2F%2Fevil.example',
    '/%2fevil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/\t/evil.example',
    '%2F%2Fevil.example',
    'user/list',
    '',
    '/%E0%A4%A',
  ])('refuses %j', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('refuses the sign-in and error pages, which would loop or say nothing', () => {
    for (const page of ['/auth/login/user', '/authorize?x=1', '/selfcallback?code=c', '/logout', '/notFound', '/'])
      expect(safeReturnPath(page)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath({ path: '/user/list' })).toBeNull();
  });
});

describe('the return path of a sign-in', () => {
  beforeEach(() => {
    installMemoryStorage('sessionStorage');
  });

  it('goes with the state the sign-in started with, once', () => {
    rememberReturnPath('/profile/app/list?name=x');
    bindReturnPath('state-1');
    expect(takeReturnPath('state-2', '/user/list')).toBe('/user/list');
    expect(takeReturnPath('state-1', '/user/list')).toBe('/profile/app/list?name=x');
    expect(takeReturnPath('state-1', '/user/list')).toBe('/user/list');
  });

  it('can be looked at ahead (to load its page) without being taken', () => {
    rememberReturnPath('/profile/app/list?name=x');
    bindReturnPath('state-1');
    expect(peekReturnPath('state-1', '/user/list')).toBe('/profile/app/list?name=x');
    expect(peekReturnPath('state-2', '/user/list')).toBe('/user/list');
    expect(peekReturnPath(null, '/user/list')).toBe('/user/list');
    expect(takeReturnPath('state-1', '/user/list')).toBe('/profile/app/list?name=x');
    expect(peekReturnPath('state-1', '/user/list')).toBe('/user/list');
  });

  it('is not kept for a later sign-in once one has started', () => {
    rememberReturnPath('/profile/app/list');
    bindReturnPath('state-1');
    bindReturnPath('state-2');
    expect(takeReturnPath('state-2', '/user/list')).toBe('/user/list');
  });

  it('falls back when the stored value was planted', () => {
    sessionStorage.setItem('user-profile.return_to.s', '//evil.example');
    expect(takeReturnPath('s', '/user/list')).toBe('/user/list');
  });

  it('a page that is not returned to is not remembered, and leaves the one before', () => {
    rememberReturnPath('//evil.example');
    bindReturnPath('s1');
    expect(takeReturnPath('s1', '/user/list')).toBe('/user/list');
    // Two calls refused at once: the second ends the session from the sign-in page the first opened.
    rememberReturnPath('/profile/app/list');
    rememberReturnPath('/auth/login/user');
    bindReturnPath('s2');
    expect(takeReturnPath('s2', '/user/list')).toBe('/profile/app/list');
  });
});

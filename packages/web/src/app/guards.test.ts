import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../lib/session.ts';
import { checkAccess } from './guards.ts';

const user = (roles: string[], success = true): CurrentUser => ({ success, username: 'u', roles, layoutCode: [] });

describe('checkAccess (spec §6)', () => {
  it('sends a visitor without a current user, or with success false, to sign in', () => {
    expect(checkAccess('user', null)).toBe('login');
    expect(checkAccess('user', user(['ERRIGAL_ADMIN'], false))).toBe('login');
    expect(checkAccess('admin', { success: true, username: '', roles: ['ADMIN'] })).toBe('login');
  });

  it('lets anyone open public routes', () => {
    expect(checkAccess('public', null)).toBe('allow');
  });

  it('profile and application routes need ADMIN or ERRIGAL_ADMIN', () => {
    expect(checkAccess('admin', user(['SCO_ADMIN']))).toBe('forbidden');
    expect(checkAccess('admin', user(['ADMIN']))).toBe('allow');
    expect(checkAccess('admin', user(['SCO_ADMIN', 'ERRIGAL_ADMIN']))).toBe('allow');
  });

  it('OAuth2 client routes need ERRIGAL_ADMIN', () => {
    expect(checkAccess('topAdmin', user(['ADMIN']))).toBe('forbidden');
    expect(checkAccess('topAdmin', user(['ERRIGAL_ADMIN']))).toBe('allow');
  });

  it('user routes need a signed-in user with a console role; one without lands on the account page', () => {
    expect(checkAccess('user', user(['SCO_ADMIN']))).toBe('allow');
    expect(checkAccess('user', user([]))).toBe('account');
    expect(checkAccess('user', user(['SOME_OTHER_ROLE']))).toBe('account');
    expect(checkAccess('admin', user([]))).toBe('account');
    expect(checkAccess('topAdmin', user(['SOME_OTHER_ROLE']))).toBe('account');
  });

  it('the account page is for anyone signed in, with a console role or without', () => {
    expect(checkAccess('signedIn', user([]))).toBe('allow');
    expect(checkAccess('signedIn', user(['SCO_ADMIN']))).toBe('allow');
    expect(checkAccess('signedIn', null)).toBe('login');
  });
});

import { describe, expect, it } from 'vitest';
import {
  fillPath,
  href,
  listOfEditPath,
  paths,
  toAuthClientEdit,
  toNewPassword,
  toUserEdit,
  toVisibilityProfileEdit,
} from './paths.ts';

describe('paths', () => {
  it('builds links from the patterns, encoding each parameter', () => {
    expect(toUserEdit('a b/c')).toBe('/user/edit/a%20b%2Fc');
    expect(toVisibilityProfileEdit('v-1')).toBe('/profile/visibility/edit/v-1');
    expect(fillPath(paths.userEdit, { uuid: 'u1' })).toBe('/user/edit/u1');
  });

  it("writes a reset token's dots as '~' (spec §2)", () => {
    expect(toNewPassword('a.b.c')).toBe('/password/new/a~b~c');
  });

  it('prefixes the base path for full addresses', () => {
    expect(href(paths.userList)).toBe('/userprofile/user/list');
  });

  it('writes each pattern once', () => {
    const patterns = Object.values(paths);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('finds the list of an edit screen, and nothing for other paths', () => {
    expect(listOfEditPath(toUserEdit('u-1'))).toBe(paths.userList);
    expect(listOfEditPath(toVisibilityProfileEdit('v-1'))).toBe(paths.visibilityProfileList);
    expect(listOfEditPath(toAuthClientEdit('c-1'))).toBe(paths.authClientList);
    expect(listOfEditPath(paths.userList)).toBeNull();
    expect(listOfEditPath('/user/edit/a/b')).toBeNull();
    expect(listOfEditPath('/elsewhere/user/edit/a')).toBeNull();
  });
});

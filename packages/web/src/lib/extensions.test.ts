import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from './api/errors.ts';
import { clearAllCaches } from './caches.ts';
import { callExtension, extensionOrDerived, NotOfferedError, offerOf } from './extensions.ts';
import { installMemoryStorage } from './test-support.ts';

const refused = (status: number) => new ApiError(status, 'GET', '/x', { message: 'Not Found' }, new Headers());

describe('extensions', () => {
  beforeEach(() => {
    installMemoryStorage();
    clearAllCaches();
  });

  it('learns from the first answer that an extension is offered, and passes its answer on', async () => {
    expect(offerOf('checkAccess')).toBe('unknown');
    await expect(callExtension('checkAccess', async () => 'answer')).resolves.toBe('answer');
    expect(offerOf('checkAccess')).toBe('offered');
  });

  it.each([404, 405, 501])('reads %i on the first call as not offered, and never asks again', async (status) => {
    let calls = 0;
    const call = async () => {
      calls++;
      throw refused(status);
    };
    await expect(callExtension('getRecordHistory', call)).rejects.toBeInstanceOf(NotOfferedError);
    await expect(callExtension('getRecordHistory', call)).rejects.toBeInstanceOf(NotOfferedError);
    expect(calls).toBe(1);
    expect(offerOf('getRecordHistory')).toBe('not-offered');
  });

  it('reads a 404 of an extension that has answered before as the record’s, not the backend’s', async () => {
    await callExtension('getEffectiveAccess', async () => 'ok');
    await expect(
      callExtension('getEffectiveAccess', async () => {
        throw refused(404);
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(offerOf('getEffectiveAccess')).toBe('offered');
  });

  it('rethrows other failures and learns nothing from them', async () => {
    await expect(
      callExtension('bulkUserAction', async () => {
        throw refused(500);
      }),
    ).rejects.toMatchObject({ status: 500 });
    expect(offerOf('bulkUserAction')).toBe('unknown');
  });

  it('passes the middleware that keeps the not-offered statuses from the global handling', async () => {
    await callExtension('listAccessHolders', async (middleware) => {
      expect(middleware).toHaveLength(1);
      expect(middleware[0]?.onResponse).toBeTypeOf('function');
    });
  });

  it('derives the answer from spec calls when the extension is not offered', async () => {
    const call = async () => {
      throw refused(404);
    };
    await expect(extensionOrDerived('checkAccess', call, async () => 'derived')).resolves.toBe('derived');
    await expect(extensionOrDerived('checkAccess', call, async () => 'derived again')).resolves.toBe('derived again');
  });

  it('keeps what it learned for the sign-in (a reload does not ask again) and forgets it at sign-out', async () => {
    await expect(
      callExtension('unlockUser', async () => {
        throw refused(404);
      }),
    ).rejects.toBeInstanceOf(NotOfferedError);
    expect(localStorage.getItem('user-profile.extensions')).toBe('{"unlockUser":"not-offered"}');
    clearAllCaches();
    expect(offerOf('unlockUser')).toBe('unknown');
  });
});

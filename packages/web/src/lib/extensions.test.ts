import type { paths } from '@userprofile/shared/generated/api';
import createClient from 'openapi-fetch';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api/errors.ts';
import { globalErrors, type MiddlewareDeps, requestHeaders } from './api/middleware.ts';
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

  it('asks once while the offer is unknown: calls made meanwhile wait for what the first learns', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const call = vi.fn(async () => {
      await gate;
      throw refused(404);
    });
    const first = callExtension('getFactorPolicy', call);
    const second = callExtension('getFactorPolicy', call);
    release();
    await expect(first).rejects.toBeInstanceOf(NotOfferedError);
    await expect(second).rejects.toBeInstanceOf(NotOfferedError);
    expect(call).toHaveBeenCalledTimes(1);
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
      expect(middleware).toHaveLength(2);
      for (const m of middleware) expect(m.onResponse).toBeTypeOf('function');
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

  describe('through the API client, as a backend of another make answers', () => {
    /** A client with the console's global middleware, whose backend gives every call `answer`. */
    function backend(answer: () => Response, token: string | null) {
      const deps: MiddlewareDeps = {
        token: () => token,
        cookie: () => null,
        origin: () => 'http://console.test',
        warn: vi.fn(),
        goToNotFound: vi.fn(),
        sessionEnded: vi.fn(),
      };
      const client = createClient<paths>({ baseUrl: 'http://console.test/userprofile', fetch: async () => answer() });
      client.use(requestHeaders(deps), globalErrors(deps));
      const quiet = () => {
        expect(deps.warn).not.toHaveBeenCalled();
        expect(deps.goToNotFound).not.toHaveBeenCalled();
        expect(deps.sessionEnded).not.toHaveBeenCalled();
      };
      return { client, deps, quiet };
    }
    const json = (status: number) => () =>
      new Response(JSON.stringify({ status, error: 'x' }), { status, headers: { 'Content-Type': 'application/json' } });

    it.each([401, 403])(
      'reads %i to a call without a token as not offered (a sign-in wall before every unknown path)',
      async (status) => {
        const { client, quiet } = backend(json(status), null);
        const discovery = () =>
          callExtension('openidConfiguration', (middleware) =>
            client.GET('/.well-known/openid-configuration', { middleware }),
          );
        await expect(discovery()).rejects.toBeInstanceOf(NotOfferedError);
        expect(offerOf('openidConfiguration')).toBe('not-offered');
        quiet();
      },
    );

    it('reads a 401 to a signed-in call as the session’s end, not as the backend’s answer', async () => {
      const { client, deps } = backend(json(401), 'expired');
      await expect(
        callExtension('getRecordHistory', (middleware) =>
          client.GET('/api/v1/history/{kind}/{uuid}', { params: { path: { kind: 'user', uuid: 'u' } }, middleware }),
        ),
      ).rejects.toMatchObject({ status: 401 });
      expect(offerOf('getRecordHistory')).toBe('unknown');
      expect(deps.sessionEnded).toHaveBeenCalled();
    });

    it('reads a web page where an answer was asked (a web app’s fallback, 200) as not offered', async () => {
      const page = () =>
        new Response('<!doctype html><div id="app"></div>', { status: 200, headers: { 'Content-Type': 'text/html' } });
      const { client, quiet } = backend(page, 'tok');
      const history = () =>
        callExtension('getRecordHistory', (middleware) =>
          client.GET('/api/v1/history/{kind}/{uuid}', { params: { path: { kind: 'user', uuid: 'u' } }, middleware }),
        );
      await expect(history()).rejects.toBeInstanceOf(NotOfferedError);
      expect(offerOf('getRecordHistory')).toBe('not-offered');
      quiet();
    });

    it('reads 405 (a path another method of a spec call has) as not offered, with no reload message', async () => {
      const { client, quiet } = backend(json(405), 'tok');
      await expect(
        callExtension('bulkUserAction', (middleware) =>
          client.POST('/api/v1/user/bulk', {
            body: { action: 'deactivate', users: ['u'] } as never,
            middleware,
          }),
        ),
      ).rejects.toBeInstanceOf(NotOfferedError);
      quiet();
    });
  });
});

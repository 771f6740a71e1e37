import type { paths } from '@userprofile/shared/generated/api';
import createClient from 'openapi-fetch';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors.ts';
import {
  expectFailure,
  globalErrors,
  loadingMiddleware,
  type MiddlewareDeps,
  requestHeaders,
  signingOut,
} from './middleware.ts';

const ORIGIN = 'http://console.test';

function setup(opts: { token?: string | null; status?: number; baseUrl?: string; redirectedTo?: string } = {}) {
  const seen: Request[] = [];
  const deps: MiddlewareDeps = {
    token: () => opts.token ?? null,
    cookie: (name) => (name === 'XSRF-TOKEN' ? 'xsrf-123' : null),
    origin: () => ORIGIN,
    warn: vi.fn(),
    goToNotFound: vi.fn(),
    sessionEnded: vi.fn(),
  };
  const client = createClient<paths>({
    baseUrl: opts.baseUrl ?? `${ORIGIN}/userprofile`,
    fetch: async (request: Request) => {
      seen.push(request);
      const status = opts.status ?? 200;
      const response = new Response(
        JSON.stringify(status < 400 ? { success: true } : { statusCode: status, message: 'nope' }),
        { status, headers: { 'Content-Type': 'application/json' } },
      );
      // What fetch answers after following a redirect: the final URL, flagged as redirected.
      if (opts.redirectedTo) {
        Object.defineProperty(response, 'redirected', { value: true });
        Object.defineProperty(response, 'url', { value: opts.redirectedTo });
      }
      return response;
    },
  });
  client.use(requestHeaders(deps), globalErrors(deps));
  return { client, deps, seen };
}

describe('request headers', () => {
  it('sends the bearer token and Algorithm: RSA256 when a token is stored', async () => {
    const { client, seen } = setup({ token: 'tok' });
    await client.GET('/api/v1/me');
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer tok');
    expect(seen[0]?.headers.get('Algorithm')).toBe('RSA256');
  });

  it('sends neither without a token', async () => {
    const { client, seen } = setup();
    await client.GET('/api/v1/me');
    expect(seen[0]?.headers.has('Authorization')).toBe(false);
    expect(seen[0]?.headers.has('Algorithm')).toBe(false);
  });

  it('sends X-XSRF-TOKEN from the cookie on non-GET calls to our own origin only', async () => {
    const { client, seen } = setup();
    await client.GET('/api/v1/me');
    await client.POST('/api/v1/password/forgot', { body: { username: 'a' } });
    expect(seen[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(seen[1]?.headers.get('X-XSRF-TOKEN')).toBe('xsrf-123');

    const other = setup({ baseUrl: 'https://api.elsewhere.test/userprofile' });
    await other.client.POST('/api/v1/password/forgot', { body: { username: 'a' } });
    expect(other.seen[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
  });
});

describe('global error handling (spec §8)', () => {
  it("the login form's own failure is the form's business: no session warning", async () => {
    for (const status of [401, 429, 500]) {
      const { client, deps } = setup({ status });
      const call = client.POST('/login', { body: { username: 'a', password: 'b' } });
      await expect(call).rejects.toMatchObject({ name: 'ApiError', status });
      expect(deps.warn).not.toHaveBeenCalled();
      expect(deps.sessionEnded).not.toHaveBeenCalled();
    }
  });

  it("a signed-in user's call that the backend sent to the login path: session timed out, sign in again", async () => {
    const { client, deps } = setup({ token: 'tok', status: 200, redirectedTo: `${ORIGIN}/userprofile/login?next=x` });
    await expect(client.GET('/api/v1/app/list')).rejects.toBeInstanceOf(ApiError);
    expect(deps.warn).toHaveBeenCalledWith('Session Timed Out, Please Try Logging In Again');
    expect(deps.sessionEnded).toHaveBeenCalledOnce();
  });

  it('a read whose bearer token is refused (401): session timed out, sign in again', async () => {
    const { client, deps } = setup({ token: 'tok', status: 401 });
    await expect(client.GET('/api/v1/app/list')).rejects.toMatchObject({ status: 401 });
    expect(deps.warn).toHaveBeenCalledWith('Session Timed Out, Please Try Logging In Again');
    expect(deps.sessionEnded).toHaveBeenCalledOnce();
    expect(deps.goToNotFound).not.toHaveBeenCalled();
  });

  it('a 401 without a token is left to the screen', async () => {
    const anonymous = setup({ status: 401 });
    await expect(anonymous.client.GET('/api/v1/app/list')).rejects.toMatchObject({ status: 401 });
    expect(anonymous.deps.warn).not.toHaveBeenCalled();
    expect(anonymous.deps.sessionEnded).not.toHaveBeenCalled();
  });

  it("a refused token on a write or a call expecting its 401: the screen's one message (spec §8), then a new sign-in", async () => {
    const write = setup({ token: 'tok', status: 401 });
    await expect(write.client.POST('/api/v1/app/syncAll')).rejects.toMatchObject({ status: 401 });
    const optedOut = setup({ token: 'tok', status: 401 });
    const call = optedOut.client.GET('/api/v1/visibility/sync/all', { middleware: [expectFailure(401)] });
    await expect(call).rejects.toMatchObject({ status: 401 });
    for (const { deps } of [write, optedOut]) {
      expect(deps.warn).not.toHaveBeenCalled();
      expect(deps.sessionEnded).toHaveBeenCalledOnce();
    }
  });

  it('a refused token while signing out starts no new sign-in', async () => {
    const { client, deps } = setup({ token: 'tok', status: 401 });
    const call = client.GET('/api/v1/auth/logout', { middleware: [expectFailure(401), signingOut()] });
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(deps.warn).not.toHaveBeenCalled();
    expect(deps.sessionEnded).not.toHaveBeenCalled();
  });

  it.each([403, 404])('%i on a GET goes to /notFound and re-throws', async (status) => {
    const { client, deps } = setup({ status });
    await expect(client.GET('/api/v1/app/list')).rejects.toBeInstanceOf(ApiError);
    expect(deps.goToNotFound).toHaveBeenCalledOnce();
    expect(deps.warn).not.toHaveBeenCalled();
  });

  it.each([403, 404])('%i on another method warns to reload, and re-throws', async (status) => {
    const { client, deps } = setup({ status });
    await expect(client.POST('/api/v1/app/syncAll')).rejects.toMatchObject({ status, message: 'nope' });
    expect(deps.warn).toHaveBeenCalledWith("We're Sorry That You Need To Reload Page And Start Over Again");
    expect(deps.goToNotFound).not.toHaveBeenCalled();
  });

  it('leaves other statuses to the screen', async () => {
    const { client, deps } = setup({ status: 500 });
    await expect(client.GET('/api/v1/app/list')).rejects.toMatchObject({ status: 500 });
    expect(deps.warn).not.toHaveBeenCalled();
    expect(deps.goToNotFound).not.toHaveBeenCalled();
  });

  it('a call that expects a status handles it itself', async () => {
    const { client, deps } = setup({ status: 404 });
    const call = client.GET('/api/v1/password/token/verify/{token}', {
      params: { path: { token: 'abc' } },
      middleware: [expectFailure(404)],
    });
    await expect(call).rejects.toMatchObject({ status: 404 });
    expect(deps.goToNotFound).not.toHaveBeenCalled();
  });
});

describe('loading middleware', () => {
  const overlay = { start: vi.fn(), startWithText: vi.fn(), stop: vi.fn() };
  beforeEach(() => vi.clearAllMocks());

  it('shows the overlay with its text while the call runs, and stops it after a failure too', async () => {
    const { client } = setup({ status: 500 });
    const call = client.GET('/api/v1/app/list', { middleware: [loadingMiddleware(overlay, 'Loading apps')] });
    expect(overlay.startWithText).not.toHaveBeenCalled();
    await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(overlay.startWithText).toHaveBeenCalledWith('Loading apps');
    expect(overlay.stop).toHaveBeenCalledOnce();
  });
});

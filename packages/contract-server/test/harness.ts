// The set-up most server test files share, in one call: the app of helpers.ts
// (fresh seeded store, bearer tokens for the seeded accounts, the cross-site
// request token, every answer checked against the document) built once before
// the file's (or describe block's) tests, reseeded before each test (unless
// told not to), and closed after them. Kept apart from helpers.ts and
// auth/harness.ts, which scripts outside vitest import (the sign-in bench).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AppOptions } from '../src/app.ts';
import { type TestApp as AuthTestApp, buildApp as buildAuthApp } from './auth/harness.ts';
import { PROVIDER, setup, type TestApp } from './helpers.ts';

/** The path every API operation of the document sits under. */
export const API = '/userprofile/api/v1';

export interface Lifecycle {
  /**
   * Reseed the store (`POST /__mock/reset`, which also disarms every fault
   * and clears the sign-in limits) before each test. Off, the block's tests
   * share one seeded store: for tests that only read, or whose writes cannot
   * disturb each other (contract.test.ts, sweep.test.ts).
   */
  reseedEach?: boolean;
}

/** Reseeds the store and disarms every fault, as `POST /__mock/reset` does for the e2e tests. */
async function reseed(app: TestApp['app']): Promise<void> {
  const res = await app.inject({ method: 'POST', url: '/__mock/reset' });
  if (res.statusCode !== 200) throw new Error(`reseed: ${res.statusCode} ${res.body}`);
}

/** A view of the app `current()` answers, usable before it is built (tests and hooks read it later). */
function later<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get(_, name) {
      const target = current();
      const value = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(_, name, value) {
      return Reflect.set(current(), name, value);
    },
  });
}

function lifecycle<T extends { app: TestApp['app'] }>(
  build: () => Promise<T>,
  close: (built: T) => Promise<void>,
  { reseedEach = true }: Lifecycle,
): T {
  let built: T | undefined;
  beforeAll(async () => {
    built = await build();
  });
  afterAll(async () => {
    if (built) await close(built);
  });
  const current = () => {
    if (!built) throw new Error('the test app is built in beforeAll: use it inside a test or a hook');
    return built;
  };
  if (reseedEach) beforeEach(() => reseed(current().app));
  return later(current);
}

/**
 * The app of helpers.ts for the tests of this file or describe block. `options`
 * may be a function, for options made in the hook (a temporary console build).
 */
export function appUnderTest(options: AppOptions | (() => AppOptions) = {}, life: Lifecycle = {}): TestApp {
  return lifecycle(
    () => setup(typeof options === 'function' ? options() : options),
    (t) => t.close(),
    life,
  );
}

type AuthOptions = Parameters<typeof buildAuthApp>[0];

/** The auth tests' app (auth/harness.ts: the third OAuth2 client registered) for this file or describe block. */
export function authAppUnderTest(options: AuthOptions | (() => AuthOptions) = {}, life: Lifecycle = {}): AuthTestApp {
  return lifecycle(
    () => buildAuthApp(typeof options === 'function' ? options() : options),
    (t) => t.helper.close(),
    life,
  );
}

/** Calls under `API` as a seeded account (the provider admin unless said otherwise); `get` answers the body. */
export function apiCalls(t: TestApp) {
  return {
    get: async (url: string, as = PROVIDER) => (await t.call('GET', `${API}${url}`, { as })).body,
    post: (url: string, body?: unknown, as = PROVIDER) => t.call('POST', `${API}${url}`, { as, body }),
  };
}

/** A stand-in for the built console (the `webDist` option): these files, by path, in a fresh temporary folder. */
export function consoleBuild(files: Record<string, string>): string {
  const dist = mkdtempSync(join(tmpdir(), 'console-dist-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, name)), { recursive: true });
    writeFileSync(join(dist, name), text);
  }
  return dist;
}

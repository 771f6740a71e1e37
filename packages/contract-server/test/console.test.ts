// The built console under /userprofile/: files, the SPA fallback for screen
// routes, JSON 404s for unknown API paths, and the start-up configuration.
import { expect, it } from 'vitest';
import { appUnderTest, consoleBuild } from './harness.ts';

const t = appUnderTest(
  () => ({
    webDist: consoleBuild({
      'index.html': '<!doctype html><div id="root"></div>',
      'assets/app.js': 'console.log(1)',
      'favicon.svg': '<svg/>',
    }),
    startupConfig: { supportEmail: 'noc-support@example.com' },
  }),
  { reseedEach: false },
);

const get = (url: string) => t.app.inject({ method: 'GET', url });

it('serves index.html at /userprofile/ and for every screen route', async () => {
  for (const url of [
    '/userprofile/',
    '/userprofile/user/list',
    '/userprofile/password/new/abc~def',
    '/userprofile/notFound',
  ]) {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('id="root"');
  }
});

it('serves the built files, and no file outside the build', async () => {
  expect((await get('/userprofile/assets/app.js')).body).toBe('console.log(1)');
  for (const url of [
    '/userprofile/../package.json',
    '/userprofile/%2e%2e/%2e%2e/package.json',
    '/userprofile/assets/..%2f..%2fpackage.json',
  ]) {
    expect((await get(url)).body, url).not.toContain('"name"');
  }
});

it('lets a browser keep the hashed assets for a year, and asks it to revalidate the other files', async () => {
  const asset = await get('/userprofile/assets/app.js');
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  for (const url of ['/userprofile/favicon.svg', '/userprofile/config.json']) {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    expect(String(res.headers['cache-control']), url).not.toContain('immutable');
  }
  // index.html carries a nonce of its own answer: never kept.
  expect((await get('/userprofile/user/list')).headers['cache-control']).toBe('no-store');
});

it('answers unknown API paths with a JSON 404, not the console', async () => {
  const res = await get('/userprofile/api/v1/nothing/here');
  expect(res.statusCode).toBe(404);
  expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
});

it('serves the designed start-up configuration', async () => {
  const res = await t.call('GET', '/userprofile/config.json');
  expect(res.body).toEqual({
    apiBaseUrl: '/userprofile',
    headerHost: '/header-host',
    ssoEnabled: false,
    ssoAutoRedirect: false,
    supportEmail: 'noc-support@example.com',
  });
});

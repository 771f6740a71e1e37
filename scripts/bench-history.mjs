#!/usr/bin/env node
// History part of `npm run bench`: what the record history keeps per change.
// The biggest seeded visibility profile (its cluster forest makes it the
// largest record) is saved BENCH_HISTORY times (default 2,000, a changed
// description each time) through POST /profile/visibility/update, in this
// process; heap used is measured after a full garbage collection before and
// after, beside the size of the record's GET answer and the time per save.
import { buildApp } from '../packages/contract-server/src/app.ts';
import { heapUsed, kb, mb } from './lib/bench-util.mjs';

const SAVES = Number(process.env.BENCH_HISTORY) || 2_000;
const API = '/userprofile/api/v1';

const app = await buildApp({ publicOrigin: 'http://127.0.0.1:8080', seedUsers: 300, webDist: null });
await app.ready();
const token = await app.auth.issueTokenFor('provider.admin');
const xsrf = app.auth.xsrfToken();
const headers = { authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
const get = async (url) => {
  const res = await app.inject({ url: `${API}${url}`, headers });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
  return res.body;
};

let record = null;
let size = 0;
for (const { uuid } of JSON.parse(await get('/profile/visibility/list'))) {
  const body = await get(`/profile/visibility/get/${uuid}`);
  if (body.length > size) [record, size] = [JSON.parse(body), body.length];
}

const start = heapUsed();
const started = performance.now();
for (let i = 0; i < SAVES; i++) {
  const res = await app.inject({
    method: 'POST',
    url: `${API}/profile/visibility/update`,
    headers,
    payload: { ...record, description: `Saved by the history bench, ${i + 1}` },
  });
  if (res.statusCode >= 300) throw new Error(`update: ${res.statusCode} ${res.body}`);
}
const perSave = (performance.now() - started) / SAVES;
const grown = heapUsed() - start;
console.log(`visibility profile "${record.name}": GET answer ${kb(size)}`);
console.log(
  `${SAVES} saves: heap +${mb(grown)}, ${kb(grown / SAVES)} per history entry; ${perSave.toFixed(2)} ms per save`,
);
await app.close();

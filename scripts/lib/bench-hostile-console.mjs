// The console's side of the hostile bench: a front before the dev backend that
// writes a huge first name into the users list it answers, and the longest
// main-thread task Chromium runs from Sign In to that list painted.
import { createServer, request as forward } from 'node:http';

const LIST = '/userprofile/api/v1/user/list/active';

/** A front over `target` whose active users list gives its first user a first name of `bytes` characters. */
export async function createConsoleFront(target, bytes) {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://front').pathname;
    const headers = { ...req.headers };
    const tamper = req.method === 'GET' && path === LIST;
    // The answer is read whole here: asked for uncompressed.
    if (tamper) delete headers['accept-encoding'];
    const upstream = forward(`${target}${req.url}`, { method: req.method, headers }, (answer) => {
      if (!tamper || answer.statusCode !== 200) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const parts = [];
      answer.on('data', (chunk) => parts.push(chunk));
      answer.on('end', () => {
        const users = JSON.parse(Buffer.concat(parts).toString('utf8'));
        if (users[0]) users[0].firstName = 'N'.repeat(bytes);
        const body = Buffer.from(JSON.stringify(users));
        const back = { ...answer.headers, 'content-length': String(body.length) };
        delete back.etag;
        delete back['content-encoding'];
        res.writeHead(200, back);
        res.end(body);
      });
    });
    upstream.on('error', (error) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
    req.pipe(upstream);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    stop: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** In every page: each long task's duration, from the first one on (buffered). */
function recordLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * Signs in as provider.admin on the console at `origin`, waits for the users
 * list to be painted whole and a second more, and answers the longest task
 * of the page after Sign In, how many there were over 50 ms, and what the
 * proxy said of the list it passed on.
 */
export async function longestTaskAfterSignIn(browser, origin, password = process.env.SEED_PASSWORD ?? 'Passw0rd!') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(recordLongTasks);
  const page = await context.newPage();
  let unchecked = null;
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === LIST) unchecked = response.headers()['x-contract-unchecked'] ?? unchecked;
  });
  await page.goto(`${origin}/userprofile/`);
  await page.getByLabel('Username', { exact: true }).fill('provider.admin');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForSelector('[data-users-table][data-users-complete] tbody tr a.username', { timeout: 300_000 });
  await page.waitForTimeout(1000);
  const durations = await page.evaluate(() => window.__longTasks);
  await context.close();
  return { longest: Math.max(0, ...durations), tasks: durations.length, unchecked };
}

// A page on another site, served for real from this machine: a small HTTP
// server on a spare port, reached as http://localhost:PORT while the console is
// http://127.0.0.1:PORT of the worker's backend — another origin and another site to the browser.
// (A page made up with page.route would count as a public page, and Chromium
// blocks a public page's requests to this machine before they leave.)
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OtherSite {
  /** The page's address. */
  url: string;
  close(): Promise<void>;
}

export async function serveOtherSite(html: string): Promise<OtherSite> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

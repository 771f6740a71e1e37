// Stand-in for the suite's shared header host (spec §4 "Shared header", §7
// "Scripts and a stylesheet are loaded from the header host"): the customer
// stylesheet, the header configuration script and the versioned header script.
// The header script renders a small top bar — suite name, application name,
// home link, Logout link and an admin link that the console hides
// (`[data-common-header="admin"]`). It uses DOM text nodes only, never HTML
// strings, so names from configuration cannot inject markup.

import type { FastifyInstance } from 'fastify';

export const HEADER_HOST_PATH = '/header-host';

const CUSTOMER_CSS = `.common-header { display: flex; align-items: center; gap: 1.5rem; height: 48px; padding: 0 1rem;
  background: #1a365d; color: #fff; font: 15px/1.2 system-ui, sans-serif; box-sizing: border-box; }
.common-header__suite { font-weight: 700; }
.common-header__app { opacity: .85; }
.common-header__nav { margin-left: auto; display: flex; gap: 1rem; }
.common-header a { color: #fff; text-decoration: underline; }
.common-header a:focus-visible { outline: 2px solid #fbd38d; outline-offset: 2px; }
`;

const CONF_JS = `window.commonHeaderConfig = Object.assign({
  suiteName: 'Network Operations Suite',
  homeUrl: '/userprofile',
  logoutUrl: '/userprofile/logout',
  adminUrl: '/userprofile/application/list'
}, window.commonHeaderConfig || {});
`;

function headerScript(version: string): string {
  return `(function () {
  'use strict';
  var VERSION = ${JSON.stringify(version)};
  function link(text, href, role) {
    var a = document.createElement('a');
    a.textContent = text;
    a.href = href;
    a.setAttribute('data-common-header', role);
    return a;
  }
  function init(config) {
    var c = Object.assign({}, window.commonHeaderConfig || {}, config || {});
    var existing = document.querySelector('header.common-header');
    if (existing) existing.remove();
    var header = document.createElement('header');
    header.className = 'common-header';
    header.setAttribute('role', 'banner');
    header.setAttribute('data-version', VERSION);
    var suite = document.createElement('span');
    suite.className = 'common-header__suite';
    suite.textContent = c.suiteName || 'Network Operations Suite';
    var app = document.createElement('span');
    app.className = 'common-header__app';
    app.textContent = c.appName || '';
    var nav = document.createElement('nav');
    nav.className = 'common-header__nav';
    nav.setAttribute('aria-label', 'Suite');
    nav.appendChild(link('Home', c.homeUrl || '/userprofile', 'home'));
    nav.appendChild(link('Admin', c.adminUrl || '/userprofile', 'admin'));
    nav.appendChild(link('Logout', c.logoutUrl || '/userprofile/logout', 'logout'));
    header.appendChild(suite);
    header.appendChild(app);
    header.appendChild(nav);
    var mount = c.mount ? document.querySelector(c.mount) : null;
    if (mount) mount.appendChild(header);
    else document.body.insertBefore(header, document.body.firstChild);
    return header;
  }
  window.CommonHeader = { version: VERSION, init: init };
})();
`;
}

export function registerHeaderHost(app: FastifyInstance): void {
  app.get(`${HEADER_HOST_PATH}/customer.css`, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(CUSTOMER_CSS),
  );
  app.get(`${HEADER_HOST_PATH}/conf.js`, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(CONF_JS),
  );
  app.get<{ Params: { file: string } }>(`${HEADER_HOST_PATH}/:file`, async (request, reply) => {
    const match = /^common-header-([0-9A-Za-z][0-9A-Za-z.-]{0,31})\.js$/.exec(request.params.file);
    if (!match?.[1]) {
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'No such header host file.' });
    }
    return reply.type('text/javascript; charset=utf-8').send(headerScript(match[1]));
  });
}

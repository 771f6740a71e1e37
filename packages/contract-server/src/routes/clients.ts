// OAuth2 clients (spec §7 "OAuth2 clients"): list, get, save; with the client's wire mapping.
import type { ClientInput } from '../store/store.ts';
import type { ClientRecord } from '../store/types.ts';
import { caller, type Req, type RouteContext, type Routes, type S } from './context.ts';

/** A client as the list shows it: without its secret. */
export function clientSummaryView(c: ClientRecord): S['OAuth2ClientSummary'] {
  return {
    uuid: c.uuid,
    name: c.name,
    description: c.description,
    allowedRedirectTarget: c.allowedRedirectTarget || null,
  };
}

/** One client for its editor, secret included (ERRIGAL_ADMIN only, not cached). */
function clientView(c: ClientRecord): S['OAuth2Client'] {
  return { ...clientSummaryView(c), clientSecret: c.clientSecret };
}

function clientInput(c: S['OAuth2ClientInput']): ClientInput {
  return {
    uuid: c.uuid ?? null,
    name: c.name,
    description: c.description,
    allowedRedirectTarget: c.allowedRedirectTarget ?? '',
    clientSecret: c.clientSecret,
  };
}

export function clientRoutes(ctx: RouteContext): Routes {
  return {
    async listOAuth2Clients(request: Req) {
      return ctx.store().listClients(caller(request)).map(clientSummaryView);
    },
    async getOAuth2Client(request: Req<unknown, { uuid: string }>) {
      return clientView(ctx.store().getClient(caller(request), request.params.uuid));
    },
    async updateOAuth2Client(request: Req<S['OAuth2ClientInput']>) {
      return clientView(ctx.store().saveClient(caller(request), clientInput(request.body)));
    },
  } satisfies Routes;
}

// Configuration (spec §7 "Other"): the shell's application info and the
// start-up configuration (config.json).
import { principal, type Req, type RouteContext, type Routes, type S, type StartupConfig } from './context.ts';

const HEADER_VERSION = '1.0.0';

export function configurationRoutes(ctx: RouteContext): Routes {
  return {
    async applicationInfo(request: Req): Promise<S['ApplicationInfo']> {
      // Like /me, the shell's header info is for anyone signed in (the document lists no 403 here).
      const { username } = principal(request);
      const headerUrl = ctx.startupConfig.headerHost;
      return {
        gaSiteId: null,
        username,
        headerUrl,
        headerCss: headerUrl && `${headerUrl}/customer.css`,
        headerConfig: headerUrl && `${headerUrl}/conf.js`,
        headerVersion: headerUrl && HEADER_VERSION,
        suiteName: 'Network Operations Suite',
        appName: 'User Profile',
      };
    },
    async startupConfig(): Promise<StartupConfig> {
      return ctx.startupConfig;
    },
  } satisfies Routes;
}

// The activity log's route; its pattern and link builder live in lib/paths.ts.
// Every console role reads it: each sees the events of the records it may see
// and its own (the server scopes them).
import { paths } from '../../lib/paths.ts';
import { type AppRoute, lazyScreen } from '../../lib/routing.ts';

const Activity = lazyScreen(() => import('./activity-screen.tsx').then((m) => ({ default: m.ActivityScreen })));

export const activityRoutes: AppRoute[] = [
  { path: paths.activity, access: 'user', layout: 'shell', component: Activity },
];

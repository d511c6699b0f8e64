import { redirect, type RouteObject } from 'react-router';
import { PageSkeleton } from '@/components/page-skeleton';
import { paths } from '@/config/paths';
import { AppRoot } from './app-root';
import { RouteErrorPage, ShellRouteErrorPage } from './errors/route-error-page';
import { GuardedRoot } from './guards/guarded-root';
import { AppShell } from './shell/app-shell';
import { OnboardLayout } from './shell/onboard-layout';

/**
 * The route table (spec 1 §2). Layouts load with the app; every page is its own chunk, loaded
 * by `lazy` when first visited. Page modules export `Component`.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppRoot,
    ErrorBoundary: RouteErrorPage,
    hydrateFallbackElement: <PageSkeleton withTopBar />,
    children: [
      { path: paths.login.path, lazy: () => import('./routes/login') },
      { path: paths.signup.path, lazy: () => import('./routes/signup') },
      {
        path: paths.demo.path,
        // /demo is /signup with mode=demo added; the rest of the query is kept.
        loader: ({ request }) => {
          const search = new URL(request.url).searchParams;
          search.set('mode', 'demo');
          return redirect(`${paths.signup.path}?${search.toString()}`);
        },
      },
      { path: paths.loggedInAs.path, lazy: () => import('./routes/logged-in-as') },
      // Framed by /explorer and authorised by its signed token, not the session: outside the guard and shell.
      { path: paths.embedExplorer.path, lazy: () => import('./routes/embed-explorer') },
      {
        Component: GuardedRoot,
        children: [
          { path: paths.customers.path, lazy: () => import('./routes/customers') },
          {
            Component: OnboardLayout,
            ErrorBoundary: ShellRouteErrorPage,
            children: [
              { path: paths.onboard.createTenant.path, lazy: () => import('./routes/onboard/create-tenant') },
              {
                path: paths.onboard.joinWorkspace.path,
                lazy: () => import('./routes/onboard/join-workspace'),
              },
              { path: paths.onboard.userPersona.path, lazy: () => import('./routes/onboard/user-persona') },
              {
                path: paths.onboard.appInstallation.path,
                lazy: () => import('./routes/onboard/app-installation'),
              },
              { path: paths.onboard.startTrial.path, lazy: () => import('./routes/onboard/start-trial') },
              { path: paths.onboard.stripeAddOn.path, lazy: () => import('./routes/onboard/stripe-add-on') },
            ],
          },
          {
            Component: AppShell,
            children: [
              {
                // Page errors render inside the shell so the top bar stays usable.
                ErrorBoundary: ShellRouteErrorPage,
                children: [
                  { index: true, lazy: () => import('./routes/index') },
                  { path: paths.feed.path, lazy: () => import('./routes/feed') },
                  { path: paths.events.path, lazy: () => import('./routes/events') },
                  { path: paths.eventGroup.path, lazy: () => import('./routes/event-group') },
                  { path: paths.datasources.path, lazy: () => import('./routes/datasources') },
                  { path: paths.metrics.path, lazy: () => import('./routes/metrics') },
                  { path: paths.metric.path, lazy: () => import('./routes/metric') },
                  { path: paths.preferences.path, lazy: () => import('./routes/preferences') },
                  { path: paths.docsApi.path, lazy: () => import('./routes/docs-api') },
                  { path: paths.explorer.path, lazy: () => import('./routes/explorer') },
                  { path: paths.reports.path, lazy: () => import('./routes/reports') },
                  { path: paths.insight.path, lazy: () => import('./routes/insight') },
                  { path: paths.insightDetail.path, lazy: () => import('./routes/insight') },
                  { path: paths.group.path, lazy: () => import('./routes/group') },
                  { path: paths.groupDetail.path, lazy: () => import('./routes/group') },
                  { path: paths.onboarding.root.path, lazy: () => import('./routes/onboarding/index') },
                  {
                    path: paths.onboarding.selectDatasources.path,
                    lazy: () => import('./routes/onboarding/select-datasources'),
                  },
                  { path: paths.onboarding.csv.path, lazy: () => import('./routes/onboarding/csv') },
                  {
                    path: paths.onboarding.connectionSync.path,
                    lazy: () => import('./routes/onboarding/connection-sync'),
                  },
                  {
                    path: paths.onboarding.configureMetrics.path,
                    lazy: () => import('./routes/onboarding/configure-metrics'),
                  },
                  {
                    path: paths.onboarding.setPreferences.path,
                    lazy: () => import('./routes/onboarding/set-preferences'),
                  },
                  { path: paths.onboarding.finish.path, lazy: () => import('./routes/onboarding/finish') },
                  {
                    path: paths.onboarding.connector.path,
                    lazy: () => import('./routes/onboarding/connector'),
                  },
                ],
              },
            ],
          },
        ],
      },
      // Unknown paths get the page-not-found screen, signed in or not.
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

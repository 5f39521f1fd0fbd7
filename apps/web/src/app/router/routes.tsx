import type { RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { AppLayout } from '../layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { pages } from './page-loaders';
import { RequireLogin } from './require-login';
import { RouteErrorView } from './route-error-view';

/** Pages anyone may open (spec section 6). */
const publicPages: RouteObject[] = [
  { index: true, lazy: pages.home },
  { path: 'login', lazy: pages.login },
  { path: 'register', lazy: pages.register },
  { path: 'reset', lazy: pages.reset },
  { path: 'user/reset', lazy: pages.resetConfirm },
  { path: 'oauth/github', lazy: pages.githubOAuth },
  { path: 'oauth/lark', lazy: pages.larkOAuth },
  { path: 'oauth/oidc', lazy: pages.oidcOAuth },
  { path: 'about', lazy: pages.about },
  { path: 'chat', lazy: pages.chat },
];

/** Pages behind the login guard. Admin-only access is enforced by the server; the menu hides those items. */
const guardedPages: RouteObject[] = [
  { path: 'channel', lazy: pages.channelList },
  { path: 'channel/add', lazy: pages.channelForm },
  { path: 'channel/edit/:id', lazy: pages.channelForm },
  { path: 'token', lazy: pages.tokenList },
  { path: 'token/add', lazy: pages.tokenForm },
  { path: 'token/edit/:id', lazy: pages.tokenForm },
  { path: 'dashboard', lazy: pages.dashboard },
  { path: 'pricing', lazy: pages.pricing },
  { path: 'redemption', lazy: pages.redemptionList },
  { path: 'redemption/add', lazy: pages.redemptionForm },
  { path: 'redemption/edit/:id', lazy: pages.redemptionForm },
  { path: 'user', lazy: pages.userList },
  { path: 'user/add', lazy: pages.userAdd },
  { path: 'user/edit', lazy: pages.selfEdit },
  { path: 'user/edit/:id', lazy: pages.userEdit },
  { path: 'setting', lazy: pages.setting },
  { path: 'topup', lazy: pages.topup },
  { path: 'log', lazy: pages.log },
];

/**
 * The route table of spec section 2. The inner pathless route keeps header and footer on screen
 * while the first page's code loads (HydrateFallback) and when a page fails (ErrorBoundary).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    ErrorBoundary: RouteErrorView,
    children: [
      {
        ErrorBoundary: RouteErrorView,
        HydrateFallback: LoadingScreen,
        children: [
          ...publicPages,
          { Component: RequireLogin, children: guardedPages },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

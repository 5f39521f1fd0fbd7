import { lazyPage } from './lazy-page';

/** The lazy loader of every page, one chunk per page module. */
export const pages = {
  home: lazyPage(() => import('@/features/home/home-page').then((m) => m.HomePage)),
  login: lazyPage(() => import('@/features/auth/login-page').then((m) => m.LoginPage)),
  register: lazyPage(() => import('@/features/auth/register-page').then((m) => m.RegisterPage)),
  reset: lazyPage(() => import('@/features/auth/reset-page').then((m) => m.PasswordResetPage)),
  resetConfirm: lazyPage(() => import('@/features/auth/reset-confirm-page').then((m) => m.PasswordResetConfirmPage)),
  githubOAuth: lazyPage(() => import('@/features/auth/oauth-callback-page').then((m) => m.GitHubOAuthPage)),
  larkOAuth: lazyPage(() => import('@/features/auth/oauth-callback-page').then((m) => m.LarkOAuthPage)),
  oidcOAuth: lazyPage(() => import('@/features/auth/oauth-callback-page').then((m) => m.OidcOAuthPage)),
  about: lazyPage(() => import('@/features/about/about-page').then((m) => m.AboutPage)),
  chat: lazyPage(() => import('@/features/chat/chat-page').then((m) => m.ChatPage)),
  channelList: lazyPage(() => import('@/features/channels/channel-list-page').then((m) => m.ChannelListPage)),
  channelForm: lazyPage(() => import('@/features/channels/channel-form-page').then((m) => m.ChannelFormPage)),
  tokenList: lazyPage(() => import('@/features/tokens/token-list-page').then((m) => m.TokenListPage)),
  tokenForm: lazyPage(() => import('@/features/tokens/token-form-page').then((m) => m.TokenFormPage)),
  dashboard: lazyPage(() => import('@/features/dashboard/dashboard-page').then((m) => m.DashboardPage)),
  redemptionList: lazyPage(() => import('@/features/redemptions/redemption-list-page').then((m) => m.RedemptionListPage)),
  redemptionForm: lazyPage(() => import('@/features/redemptions/redemption-form-page').then((m) => m.RedemptionFormPage)),
  userList: lazyPage(() => import('@/features/users/user-list-page').then((m) => m.UserListPage)),
  userAdd: lazyPage(() => import('@/features/users/user-add-page').then((m) => m.UserAddPage)),
  selfEdit: lazyPage(() => import('@/features/users/self-edit-page').then((m) => m.SelfEditPage)),
  userEdit: lazyPage(() => import('@/features/users/user-edit-page').then((m) => m.UserEditPage)),
  setting: lazyPage(() => import('@/features/settings/setting-page').then((m) => m.SettingPage)),
  topup: lazyPage(() => import('@/features/topup/topup-page').then((m) => m.TopUpPage)),
  log: lazyPage(() => import('@/features/logs/log-page').then((m) => m.LogPage)),
};

/** Texts of third-party sign-in: the OIDC button and the callback pages, wired into app/i18n as `oauth`. */
const zh = {
  oidc: '使用 OIDC 登录',
  processing: '正在处理，请稍候...',
  retrying: '出现错误，正在进行第 {{attempt}} 次重试...',
  failed: '操作失败，正在跳转...',
  bound: '绑定成功！',
};

const en: typeof zh = {
  oidc: 'Log in with OIDC',
  processing: 'Processing, please wait...',
  retrying: 'Something went wrong, retry {{attempt}} in progress...',
  failed: 'The operation failed, redirecting...',
  bound: 'Bound successfully!',
};

export const oauthMessages = { zh, en };

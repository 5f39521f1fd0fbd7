/** Texts of the account bindings in personal settings, wired into app/i18n as `bindings`. */
const zh = {
  title: '账号绑定',
  wechat: '绑定微信账号',
  github: '绑定 GitHub 账号',
  lark: '绑定飞书账号',
  boundAs: '已绑定：{{id}}',
  wechatTitle: '绑定微信账号',
  submit: '绑定',
  wechatBound: '微信账号绑定成功！',
};

const en: typeof zh = {
  title: 'Account binding',
  wechat: 'Bind a WeChat account',
  github: 'Bind a GitHub account',
  lark: 'Bind a Lark account',
  boundAs: 'Bound: {{id}}',
  wechatTitle: 'Bind a WeChat account',
  submit: 'Bind',
  wechatBound: 'WeChat account bound successfully!',
};

export const bindingsMessages = { zh, en };

/** Texts of the top-up page. */
const zh = {
  redeemTitle: '兑换余额',
  codePlaceholder: '兑换码',
  redeem: '兑换',
  codeRequired: '请输入充值码！',
  succeeded: '充值成功！',
  requestFailed: '请求失败',
  buyTitle: '在线充值',
  buy: '获取兑换码',
  buyHint: '前往充值页面购买兑换码，购买后在左侧兑换',
  linkMissing: '超级管理员未设置充值链接！',
  remainQuota: '剩余额度',
};

const en: typeof zh = {
  redeemTitle: 'Redeem a code',
  codePlaceholder: 'Redemption code',
  redeem: 'Redeem',
  codeRequired: 'Please enter the top-up code!',
  succeeded: 'Top-up succeeded!',
  requestFailed: 'Request failed',
  buyTitle: 'Buy quota',
  buy: 'Get a code',
  buyHint: 'Buy a redemption code on the top-up page, then redeem it here',
  linkMissing: 'The super administrator has not set a top-up link!',
  remainQuota: 'Remaining quota',
};

export const topupI18n = { zh, en };

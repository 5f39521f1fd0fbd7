/** Texts of the password reset pages and of email binding in personal settings, wired into app/i18n as `emailAuth`. */
const zh = {
  reset: {
    title: '密码重置',
    emailPlaceholder: '邮箱地址',
    submit: '提交',
    resendIn: '重试 ({{seconds}})',
    sent: '重置邮件发送成功，请检查邮箱！',
    emailRequired: '请输入邮箱地址',
  },
  resetConfirm: {
    title: '密码重置确认',
    invalidLink: '无效的重置链接，请重新发起密码重置请求',
    submit: '提交',
    newPassword: '新密码',
    copied: '新密码已复制到剪贴板：{{password}}',
    backToLogin: '返回登录',
  },
  bindEmail: {
    title: '绑定邮箱地址',
    bound: '已绑定邮箱：{{email}}',
    unbound: '尚未绑定邮箱',
    emailPlaceholder: '输入邮箱地址',
    getCode: '获取验证码',
    resendIn: '重新发送 ({{seconds}})',
    codePlaceholder: '验证码',
    submit: '绑定',
    codeSent: '验证码发送成功，请检查邮箱！',
    success: '邮箱账户绑定成功！',
    fillBoth: '请输入邮箱地址和验证码',
  },
};

const en: typeof zh = {
  reset: {
    title: 'Reset password',
    emailPlaceholder: 'Email address',
    submit: 'Submit',
    resendIn: 'Retry ({{seconds}})',
    sent: 'Reset email sent, please check your inbox!',
    emailRequired: 'Please enter your email address',
  },
  resetConfirm: {
    title: 'Confirm password reset',
    invalidLink: 'Invalid reset link, please request a password reset again',
    submit: 'Submit',
    newPassword: 'New password',
    copied: 'New password copied to the clipboard: {{password}}',
    backToLogin: 'Back to sign in',
  },
  bindEmail: {
    title: 'Bind email address',
    bound: 'Bound email: {{email}}',
    unbound: 'No email bound yet',
    emailPlaceholder: 'Email address',
    getCode: 'Get code',
    resendIn: 'Resend ({{seconds}})',
    codePlaceholder: 'Verification code',
    submit: 'Bind',
    codeSent: 'Verification code sent, please check your inbox!',
    success: 'Email bound successfully!',
    fillBoth: 'Please enter the email address and the verification code',
  },
};

export const emailAuthMessages = { zh, en };

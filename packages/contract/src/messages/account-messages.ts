import { DISPLAY_NAME_MAX_LENGTH } from '../constants.js';
import type { MessageTexts } from './message.js';

/** Sign-in, registration, profiles and the administration of users; the first texts are also the console's own checks. */
export const userMessages = {
  'user.password_too_short': { en: 'password length must not be less than 8', zh: '密码长度不得小于 8 位！' },
  'user.password_too_long': { en: 'password length must not be more than 20', zh: '密码长度不得大于 20 位！' },
  'user.username_required': { en: 'username and password are required', zh: '用户名和密码不能为空！' },
  'user.username_too_long': { en: 'username must not be longer than 12 characters', zh: '用户名长度不得超过 12 位！' },
  'user.username_empty': { en: 'the username must not be empty', zh: '用户名不能为空' },
  'user.passwords_differ': { en: 'the two passwords differ', zh: '两次输入的密码不一致' },
  'user.login_empty': { en: 'username or password is empty', zh: '用户名或密码为空' },
  'user.login_failed': { en: 'username or password is wrong, or the user has been banned', zh: '用户名或密码错误，或用户已被封禁' },
  'user.password_login_disabled': { en: 'password login has been disabled by the administrator', zh: '管理员已关闭密码登录' },
  'user.registration_closed': { en: 'new user registration has been disabled by the administrator', zh: '管理员已关闭新用户注册' },
  'user.password_registration_closed': {
    en: 'registration by password has been disabled by the administrator; use a third-party sign-in',
    zh: '管理员已关闭通过密码注册，请使用第三方账户注册',
  },
  'user.email_verification_required': {
    en: 'email verification is on: the email address and its verification code are required',
    zh: '已开启邮箱验证：需要填写邮箱地址和验证码',
  },
  'user.verification_code_invalid': { en: 'the verification code is wrong or has expired', zh: '验证码错误或已过期' },
  'user.username_taken': { en: 'this username is already taken', zh: '该用户名已被占用' },
  'user.not_found': { en: 'user not found', zh: '用户不存在' },
  'user.root_account_undeletable': { en: 'the super administrator account cannot be deleted', zh: '超级管理员账户不能删除' },
  'user.id_invalid': { en: 'invalid user id', zh: '用户 ID 无效' },
  'user.cannot_view_peer': { en: 'no permission to view a user of equal or higher role', zh: '无权查看同级或更高权限的用户' },
  'user.cannot_edit_peer': { en: 'no permission to edit a user of equal or higher role', zh: '无权编辑同级或更高权限的用户' },
  'user.cannot_manage_peer': { en: 'no permission to manage a user of equal or higher role', zh: '无权管理同级或更高权限的用户' },
  'user.cannot_delete_peer': { en: 'no permission to delete a user of equal or higher role', zh: '无权删除同级或更高权限的用户' },
  'user.action_invalid': {
    en: 'action must be one of disable, enable, delete, promote, demote',
    zh: '操作（action）必须是 disable、enable、delete、promote、demote 之一',
  },
  'user.root_cannot_be_disabled': { en: 'the super administrator cannot be disabled', zh: '不能禁用超级管理员' },
  'user.root_cannot_be_deleted': { en: 'the super administrator cannot be deleted', zh: '不能删除超级管理员' },
  'user.root_cannot_be_demoted': { en: 'the super administrator cannot be demoted', zh: '不能降级超级管理员' },
  'user.promote_root_only': { en: 'only the super administrator can promote users to administrator', zh: '只有超级管理员才能将用户提升为管理员' },
  'user.already_admin': { en: 'this user is already an administrator', zh: '该用户已经是管理员' },
  'user.already_common': { en: 'this user is already a common user', zh: '该用户已经是普通用户' },
  'user.quota_invalid': { en: 'quota must be a whole number of 0 or more', zh: '额度必须是不小于 0 的整数' },
  'user.topup_quota_invalid': { en: 'quota must be a whole number greater than 0', zh: '额度必须是大于 0 的整数' },
  'user.topup_quota_too_large': { en: 'quota must be at most 2147483647 per top-up', zh: '单次充值额度不得超过 2147483647' },
  'user.group_too_long': { en: 'the group must not be longer than 32 characters', zh: '分组长度不得超过 32 个字符' },
  'user.display_name_too_long': {
    en: `the display name must not be longer than ${DISPLAY_NAME_MAX_LENGTH} characters`,
    zh: `显示名称长度不得超过 ${DISPLAY_NAME_MAX_LENGTH} 个字符`,
  },
} as const satisfies Record<string, MessageTexts>;

/** Email codes, password resets, Turnstile and the mailer. */
export const authMessages = {
  'auth.email_invalid': { en: 'invalid email address', zh: '邮箱地址无效' },
  'auth.email_domain_not_allowed': {
    en: 'the administrator only accepts email addresses of these domains: {domains}',
    zh: '管理员只接受以下域名的邮箱地址：{domains}',
  },
  'auth.email_taken': { en: 'this email address is already taken', zh: '该邮箱地址已被占用' },
  'auth.email_unknown': { en: 'no account uses this email address', zh: '没有账户使用该邮箱地址' },
  'auth.reset_link_invalid': { en: 'the reset link is invalid or has expired', zh: '重置链接无效或已过期' },
  'auth.turnstile_failed': {
    en: 'Turnstile check failed: please complete the human check and try again',
    zh: 'Turnstile 校验失败：请完成人机验证后重试',
  },
  'mail.smtp_not_configured': { en: 'the administrator has not configured SMTP: no email can be sent', zh: '管理员尚未配置 SMTP，无法发送邮件' },
  'mail.ca_file_unreadable': {
    en: 'could not send the email: SMTP_CA_FILE {path} cannot be read ({detail})',
    zh: '邮件发送失败：无法读取 SMTP_CA_FILE {path}（{detail}）',
  },
  'mail.send_failed': { en: 'could not send the email: {detail}', zh: '邮件发送失败：{detail}' },
} as const satisfies Record<string, MessageTexts>;

/** Sign-in with GitHub, Lark, OIDC and WeChat; `{provider}` is the provider's name. */
export const oauthMessages = {
  'oauth.provider_unreachable': { en: 'could not reach the {provider} server, please try again later', zh: '无法连接 {provider} 服务器，请稍后再试' },
  'oauth.account_unreadable': { en: 'the new account could not be read back', zh: '新账户创建后无法读取' },
  'oauth.already_bound': { en: 'this {provider} account is already bound to another user', zh: '该 {provider} 账户已绑定其他用户' },
  'oauth.disabled': { en: 'the administrator has not enabled sign-in and registration with {provider}', zh: '管理员未开启通过 {provider} 登录和注册' },
  'oauth.code_missing': { en: 'invalid parameters: the authorization code is missing', zh: '参数无效：缺少授权码' },
  'oauth.verification_code_missing': { en: 'invalid parameters: the verification code is missing', zh: '参数无效：缺少验证码' },
  'oauth.refused': { en: '{provider} refused the sign-in: {detail}', zh: '{provider} 拒绝了登录：{detail}' },
  'oauth.no_user': { en: '{provider} returned no user: {detail}', zh: '{provider} 未返回用户：{detail}' },
  'oauth.no_access_token': { en: 'no access token', zh: '未返回访问令牌' },
  'oauth.no_reason': { en: 'no reason given', zh: '未说明原因' },
  'oauth.login_empty': { en: 'the login is empty', zh: '登录名为空' },
  'oauth.open_id_empty': { en: 'the open_id is empty', zh: 'open_id 为空' },
  'oauth.oidc_not_configured': {
    en: 'OIDC is not fully configured: set the well-known URL or the token and userinfo endpoints',
    zh: 'OIDC 配置不完整：请设置 well-known 地址，或令牌端点与用户信息端点',
  },
  'oauth.oidc_refused': { en: 'the OIDC provider refused the sign-in: {detail}', zh: 'OIDC 提供方拒绝了登录：{detail}' },
  'oauth.oidc_no_user': { en: 'the OIDC provider returned no user: the sub claim is empty', zh: 'OIDC 提供方未返回用户：sub 声明为空' },
  'oauth.oidc_no_endpoints': { en: 'the OIDC discovery document names no endpoints', zh: 'OIDC 发现文档中没有任何端点' },
  'oauth.state_mismatch': {
    en: 'the OAuth state is empty or does not match: please start the sign-in again',
    zh: 'OAuth state 为空或不匹配：请重新开始登录',
  },
} as const satisfies Record<string, MessageTexts>;

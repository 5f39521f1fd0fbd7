import type { MessageTexts } from './message.js';

/** Two-factor sign-in (TOTP and recovery codes); `{field}` names the field refused. */
export const twoFactorMessages = {
  'two_factor.code_format': { en: '{field} must be the 6 digits your authenticator app shows', zh: '{field} 必须是验证器应用显示的 6 位数字' },
  'two_factor.recovery_code_format': {
    en: '{field} must be a recovery code such as abcde-12345',
    zh: '{field} 必须是形如 abcde-12345 的恢复码',
  },
  'two_factor.code_needed': { en: 'give code (6 digits) or recovery_code', zh: '请填写 code（6 位数字）或 recovery_code' },
  'two_factor.code_wrong': {
    en: 'the code is wrong, expired or already used; wait for the next one',
    zh: '验证码错误、已过期或已使用过，请等待下一个验证码',
  },
  'two_factor.recovery_code_wrong': { en: 'the recovery code is wrong or already used', zh: '恢复码错误或已被使用' },
  'two_factor.already_enabled': {
    en: 'two-factor authentication is already on; disable it first to enrol another device',
    zh: '两步验证已开启；如需更换设备，请先关闭',
  },
  'two_factor.not_started': { en: 'start the enrolment first (POST /api/user/2fa/setup)', zh: '请先开始设置（POST /api/user/2fa/setup）' },
  'two_factor.not_enabled': { en: 'two-factor authentication is not on for this account', zh: '此账户尚未开启两步验证' },
  'two_factor.no_pending_sign_in': {
    en: 'no sign-in is waiting for a code, or it expired: sign in with your password again',
    zh: '没有等待验证码的登录，或已超时，请重新输入密码登录',
  },
  'two_factor.setup_required': {
    en: 'administrators must turn on two-factor authentication first (personal settings)',
    zh: '管理员必须先开启两步验证（个人设置）',
  },
  'two_factor.secret_unreadable': {
    en: 'the stored authenticator secret cannot be read (SESSION_SECRET changed?): sign in with a recovery code and enrol again',
    zh: '无法读取已保存的验证器密钥（SESSION_SECRET 是否已更改？）：请用恢复码登录后重新设置',
  },
  'two_factor.required_prompt': { en: 'enter the code from your authenticator app', zh: '请输入验证器应用中的验证码' },
} as const satisfies Record<string, MessageTexts>;

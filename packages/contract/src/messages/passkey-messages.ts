import type { MessageTexts } from './message.js';

/** Passkeys (WebAuthn), as a second factor and as a passwordless sign-in. */
export const passkeyMessages = {
  'passkey.id_invalid': { en: 'invalid passkey id', zh: '通行密钥 ID 无效' },
  'passkey.not_found': { en: 'no such passkey on your account', zh: '您的账户中没有这个通行密钥' },
  'passkey.already_registered': { en: 'this passkey is already registered', zh: '此通行密钥已经注册过' },
  'passkey.verification_failed': {
    en: 'the passkey could not be verified (expired or already used request, another site, or a wrong signature): try again',
    zh: '通行密钥验证失败（请求已过期或已使用、来自其他站点或签名错误），请重试',
  },
  'passkey.counter_regressed': {
    en: "the passkey's signature counter went backwards: it may have been copied, so it is refused",
    zh: '通行密钥的签名计数器倒退，可能已被复制，已拒绝',
  },
  'passkey.unknown': {
    en: 'this passkey is not registered here (it was removed, or made for another site)',
    zh: '此通行密钥未在本站注册（已被删除，或属于其他站点）',
  },
  'passkey.not_yours': { en: 'this passkey does not belong to the account signing in', zh: '此通行密钥不属于正在登录的账户' },
  'passkey.none': { en: 'this account has no passkey', zh: '此账户没有通行密钥' },
  'passkey.proof_needed': {
    en: 'confirm it is you: give a current authenticator code, a recovery code or one of your passkeys (or your password while the account has no second factor)',
    zh: '请确认是您本人：提供验证器当前验证码、恢复码或您的某个通行密钥（账户尚无第二因素时可用密码）',
  },
  'passkey.proof_wrong': { en: 'the confirmation is wrong: nothing was changed', zh: '确认信息错误，未做任何更改' },
  'passkey.proof_needs_factor': {
    en: 'this account has a second factor: confirm with it (an authenticator code, a recovery code or a passkey), not the password',
    zh: '此账户已有第二因素：请用它确认（验证器验证码、恢复码或通行密钥），而不是密码',
  },
} as const satisfies Record<string, MessageTexts>;

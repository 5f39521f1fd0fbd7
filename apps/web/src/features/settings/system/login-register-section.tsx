import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionCheckbox } from '../components/option-checkbox';
import type { Options } from '../option-diff';

/** The sign-in and registration switches; turning password sign-in off asks first. */
export function LoginRegisterSection({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.system' });
  const { t: tRoot } = useTranslation();
  const switches = [
    { key: 'PasswordRegisterEnabled', label: t('passwordRegister') },
    { key: 'EmailVerificationEnabled', label: t('emailVerification') },
    { key: 'GitHubOAuthEnabled', label: t('githubOAuth') },
    { key: 'OidcEnabled', label: t('oidcAuth') },
    { key: 'WeChatAuthEnabled', label: t('wechatAuth') },
    { key: 'TurnstileCheckEnabled', label: t('turnstileCheck') },
    { key: 'RegisterEnabled', label: t('register') },
  ];
  return (
    <Flex vertical gap="small">
      <Typography.Title level={4}>{t('loginRegister')}</Typography.Title>
      <Flex wrap gap="middle">
        <OptionCheckbox optionKey="PasswordLoginEnabled" label={t('passwordLogin')} options={options} confirmOff={t('passwordLoginWarning')} />
        {switches.map((item) => (
          <OptionCheckbox key={item.key} optionKey={item.key} label={item.label} options={options} />
        ))}
        <OptionCheckbox optionKey="TwoFactorRequiredForAdmins" label={tRoot('twoFactor.requiredForAdmins')} options={options} />
      </Flex>
    </Flex>
  );
}

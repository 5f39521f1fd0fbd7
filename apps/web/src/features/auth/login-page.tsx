import { useEffect } from 'react';
import { KeyOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input, Typography } from 'antd';
import { DEFAULT_ROOT_PASSWORD, DEFAULT_ROOT_USERNAME, isSecondFactorChallenge, type LoginUser } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { loginOrigin } from '@/app/router/login-origin';
import { showError, showSuccess, showWarning } from '@/app/toasts/toast';
import { saveUser } from '@/lib/storage/user-store';
import { canUsePasskeys } from '@/lib/webauthn';
import { useLogin } from './api/login';
import { usePasskeySignIn } from './api/passkey-login';
import { AuthCard } from './components/auth-card';
import { OAuthButtons } from './components/oauth-buttons';
import { SecondFactorForm } from './second-factor-form';
import { isSecondFactorStep, secondFactorMethods } from './second-factor-step';

interface LoginFormValues {
  username?: string;
  password?: string;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const secondStep = isSecondFactorStep(params);
  const expired = params.get('expired') === 'true';
  const login = useLogin();
  const passkey = usePasskeySignIn();

  useEffect(() => {
    if (expired) showError(t('login.expired'));
  }, [expired, t]);

  const onFinish = ({ username = '', password = '' }: LoginFormValues) => {
    if (!username || !password) return;
    login.mutate(
      { username, password },
      {
        onSuccess: (answer) => {
          // Two-factor sign-in: the password is right, the code comes next (the session waits for it).
          if (isSecondFactorChallenge(answer)) setParams(answer.methods?.length ? { step: '2fa', methods: answer.methods.join(',') } : { step: '2fa' }, { state: location.state });
          else signedIn(answer, username === DEFAULT_ROOT_USERNAME && password === DEFAULT_ROOT_PASSWORD);
        },
      },
    );
  };

  const signedIn = (user: LoginUser, defaultPassword = false) => {
    saveUser(user);
    showSuccess(t('login.success'));
    if (user.require_2fa_setup) {
      // TwoFactorRequiredForAdmins: the enrolment first, everything else is refused until then.
      void navigate('/setting?tab=personal#two-factor');
      showWarning(t('twoFactor.setupRequired'));
    } else if (defaultPassword) {
      void navigate('/user/edit');
      showWarning(t('login.changeDefaultPassword'));
    } else {
      void navigate(loginOrigin(location.state));
    }
  };

  if (secondStep) {
    return (
      <AuthCard title={t('twoFactor.loginTitle')}>
        <SecondFactorForm methods={secondFactorMethods(params)} onSignedIn={(user) => signedIn(user)} onBack={() => setParams({})} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('login.title')}>
      <Form<LoginFormValues> onFinish={onFinish} size="large" data-testid="login-form">
        <Form.Item name="username">
          <Input
            name="username"
            prefix={<UserOutlined />}
            placeholder={t('login.usernamePlaceholder')}
            autoComplete="username"
          />
        </Form.Item>
        <Form.Item name="password">
          <Input.Password
            name="password"
            prefix={<LockOutlined />}
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="current-password"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
          {t('login.submit')}
        </Button>
        {canUsePasskeys() && (
          <Button block icon={<KeyOutlined />} style={{ marginTop: 12 }} loading={passkey.isPending} onClick={() => passkey.mutate(undefined, { onSuccess: (user) => signedIn(user) })} data-testid="login-passkey">
            {t('passkeys.signIn')}
          </Button>
        )}
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
        {t('login.forgotPassword')} <Link to="/reset">{t('login.resetLink')}</Link>
        {' · '}
        {t('login.noAccount')} <Link to="/register">{t('login.registerLink')}</Link>
      </Typography.Paragraph>
      <OAuthButtons />
    </AuthCard>
  );
}

import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../session/use-current-user';
import { useLogout } from '../session/use-logout';
import { HEADER_POPUP_Z_INDEX } from './header-popup';

/** The username with a logout dropdown, or a login link when signed out. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const logout = useLogout();

  if (!user) {
    return (
      <Link to="/login" data-testid="login-link">
        {t('header.login')}
      </Link>
    );
  }
  const logoutLabel = <span data-testid="logout-button">{t('header.logout')}</span>;
  const items = [{ key: 'logout', icon: <LogoutOutlined />, label: logoutLabel }];
  // No item tooltips: their popups would stack above the raised menu and trip antd's z-index check.
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, onClick: logout, tooltip: false }}
      styles={{ root: { zIndex: HEADER_POPUP_Z_INDEX } }}
    >
      <Button type="text" icon={<UserOutlined />} data-testid="user-menu">
        {user.username}
      </Button>
    </Dropdown>
  );
}

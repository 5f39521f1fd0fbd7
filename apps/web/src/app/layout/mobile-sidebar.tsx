import { useState } from 'react';
import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../session/use-current-user';
import { useLogout } from '../session/use-logout';
import { HeaderBrand } from './header-brand';
import { LanguageSwitch } from './language-switch';
import { NavMenu } from './nav-menu';

/** On small screens the navigation collapses into a sidebar with the account actions below it. */
export function MobileSidebar() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const user = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();

  const close = () => setOpen(false);
  const go = (path: string) => {
    close();
    void navigate(path);
  };

  return (
    <>
      <Button
        type="text"
        icon={<MenuOutlined />}
        aria-label={t('header.openMenu')}
        onClick={() => setOpen(true)}
        data-testid="sidebar-toggle"
      />
      <Drawer open={open} onClose={close} placement="left" size={260} title={<HeaderBrand />} data-testid="mobile-sidebar">
        <NavMenu mode="inline" onNavigate={close} />
        <Flex vertical gap="small" style={{ marginTop: 16 }}>
          <LanguageSwitch />
          {user ? (
            <Button danger block onClick={() => { close(); logout(); }} data-testid="sidebar-logout">
              {t('header.logout')}
            </Button>
          ) : (
            <>
              <Button type="primary" block onClick={() => go('/login')}>
                {t('header.login')}
              </Button>
              <Button block onClick={() => go('/register')}>
                {t('header.register')}
              </Button>
            </>
          )}
        </Flex>
      </Drawer>
    </>
  );
}

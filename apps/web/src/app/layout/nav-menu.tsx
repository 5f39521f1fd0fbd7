import { Menu } from 'antd';
import { isAdmin } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../session/use-current-user';
import { useStatus } from '../status/status-context';
import { navItems } from './nav-items';

/** '/token/edit/3' highlights the '/token' item. */
const activeKey = (pathname: string): string => `/${pathname.split('/')[1] ?? ''}`;

/** The navigation items, horizontal in the header or inline in the mobile sidebar. */
export function NavMenu({ mode, onNavigate }: { mode: 'horizontal' | 'inline'; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const status = useStatus();
  const { pathname } = useLocation();

  const items = navItems({ isAdmin: isAdmin(user?.role), hasChatLink: Boolean(status.chat_link) }).map(
    ({ path, label, icon: Icon }) => ({
      key: path,
      icon: <Icon />,
      label: (
        <Link to={path} onClick={onNavigate}>
          {t(`nav.${label}`)}
        </Link>
      ),
    }),
  );

  return (
    <Menu
      mode={mode}
      items={items}
      selectedKeys={[activeKey(pathname)]}
      style={{ flex: 1, minWidth: 0, borderBottom: 'none', borderInlineEnd: 'none' }}
      data-testid={`nav-menu-${mode}`}
    />
  );
}

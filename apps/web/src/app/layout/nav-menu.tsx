import { Menu } from 'antd';
import { isAdmin } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../session/use-current-user';
import { useStatus } from '../status/status-context';
import { navItems } from './nav-items';
import { useMediaQuery } from './use-media-query';

/**
 * Wide enough for every item with its icon in the header. Below it (a 1366 px laptop, in English, with the
 * admin's eleven items) the items drop their icons and tighten, so none is folded away under "···".
 */
const ROOMY_QUERY = '(min-width: 1600px)';
/**
 * A compact item's padding, set on the item: a ConfigProvider theme here would make every static toast of the
 * console warn that it cannot read the theme.
 */
const COMPACT_ITEM_STYLE = { paddingInline: 12 };

/** '/token/edit/3' highlights the '/token' item. */
const activeKey = (pathname: string): string => `/${pathname.split('/')[1] ?? ''}`;

/** The navigation items, horizontal in the header or inline in the mobile sidebar. */
export function NavMenu({ mode, onNavigate }: { mode: 'horizontal' | 'inline'; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const status = useStatus();
  const { pathname } = useLocation();
  const roomy = useMediaQuery(ROOMY_QUERY);
  const compact = mode === 'horizontal' && !roomy;

  const items = navItems({ isAdmin: isAdmin(user?.role), hasChatLink: Boolean(status.chat_link) }).map(
    ({ path, label, icon: Icon }) => ({
      key: path,
      icon: compact ? undefined : <Icon />,
      style: compact ? COMPACT_ITEM_STYLE : undefined,
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

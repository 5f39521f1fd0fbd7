import { Flex, Layout, theme } from 'antd';
import { HeaderBrand } from './header-brand';
import { LanguageSwitch } from './language-switch';
import { MobileSidebar } from './mobile-sidebar';
import { NavMenu } from './nav-menu';
import { UserMenu } from './user-menu';
import { useIsMobile } from './use-is-mobile';

export function AppHeader() {
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        padding: '0 16px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <HeaderBrand />
      {isMobile ? (
        <Flex flex={1} justify="flex-end">
          <MobileSidebar />
        </Flex>
      ) : (
        <>
          <NavMenu mode="horizontal" />
          <LanguageSwitch />
          <UserMenu />
        </>
      )}
    </Layout.Header>
  );
}

import { useEffect } from 'react';
import { Layout } from 'antd';
import { Outlet, useNavigation } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { useBranding } from '../status/use-branding';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';

/** Header, page and footer. Routes have no loaders, so a 'loading' navigation means a page's code is on its way. */
export function AppLayout() {
  const navigation = useNavigation();
  const { systemName } = useBranding();

  useEffect(() => {
    document.title = systemName;
  }, [systemName]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader />
      <Layout.Content style={{ padding: 16 }}>{navigation.state === 'loading' ? <LoadingScreen /> : <Outlet />}</Layout.Content>
      <AppFooter />
    </Layout>
  );
}

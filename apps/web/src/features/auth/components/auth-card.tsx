import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { useBranding } from '@/app/status/use-branding';

/** The narrow centred card of the login and register screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { logo } = useBranding();
  return (
    <Flex justify="center" style={{ paddingTop: '8vh' }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Flex vertical align="center" gap="small" style={{ marginBottom: 24 }}>
          <img src={logo} alt="" width={48} height={48} style={{ objectFit: 'contain' }} />
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
        </Flex>
        {children}
      </Card>
    </Flex>
  );
}

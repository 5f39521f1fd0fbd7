import { Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { useBranding } from '../status/use-branding';

/** Logo and system name, linking home. */
export function HeaderBrand() {
  const { systemName, logo } = useBranding();
  return (
    <Link to="/" aria-label={systemName}>
      <Flex align="center" gap="small">
        <img src={logo} alt="" width={32} height={32} style={{ objectFit: 'contain' }} />
        <Typography.Text strong style={{ fontSize: 18, whiteSpace: 'nowrap' }} data-testid="system-name">
          {systemName}
        </Typography.Text>
      </Flex>
    </Link>
  );
}

import { Typography } from 'antd';

/** A screen whose content arrives with a later issue: it shows just its title, inside the layout. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <Typography.Title level={3} data-testid="page-placeholder">
      {title}
    </Typography.Title>
  );
}

import type { ReactNode } from 'react';
import { Card, Flex } from 'antd';

interface AnalyticsCardProps {
  title: string;
  /** The card's switches (metric, grouping, chart or table). */
  controls: ReactNode;
  testId: string;
  children: ReactNode;
}

/**
 * A dashboard card whose switches go under its title when the screen is too narrow for both on one line. In
 * antd's `extra` slot the switches keep their width and the title is cut to "U…" on a phone.
 */
export function AnalyticsCard({ title, controls, testId, children }: AnalyticsCardProps) {
  return (
    <Card
      title={
        <Flex wrap justify="space-between" align="center" gap="small" style={{ paddingBlock: 8 }}>
          <span>{title}</span>
          <Flex wrap gap="small">
            {controls}
          </Flex>
        </Flex>
      }
      styles={{ title: { whiteSpace: 'normal', overflow: 'visible' } }}
      data-testid={testId}
    >
      {children}
    </Card>
  );
}

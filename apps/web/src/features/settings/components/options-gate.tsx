import type { ReactNode } from 'react';
import { Skeleton } from 'antd';
import { useOptions } from '../api/options';
import type { Options } from '../option-diff';

/** Renders an admin tab once the options are loaded; a failed load was already shown as a toast. */
export function OptionsGate({ render }: { render: (options: Options) => ReactNode }) {
  const { data, isPending } = useOptions();
  if (isPending) return <Skeleton active />;
  return data ? render(data) : null;
}

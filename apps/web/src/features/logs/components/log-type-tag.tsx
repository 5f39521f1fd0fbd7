import { Tag } from 'antd';
import { LogType } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';

/** Label key and badge colour of each log type; 0 is the filter's "all". */
export const LOG_TYPES = [
  { value: LogType.All, text: 'all', color: 'default' },
  { value: LogType.Topup, text: 'topup', color: 'green' },
  { value: LogType.Consume, text: 'consume', color: 'lime' },
  { value: LogType.Manage, text: 'manage', color: 'orange' },
  { value: LogType.System, text: 'system', color: 'purple' },
  { value: LogType.Test, text: 'test', color: 'geekblue' },
  { value: LogType.Error, text: 'error', color: 'red' },
] as const;

/** The type badge of a log row; unknown types show as such. */
export function LogTypeTag({ type }: { type: number }) {
  const { t } = useTranslation();
  const known = LOG_TYPES.find((entry) => entry.value === type && entry.value !== LogType.All);
  return <Tag color={known?.color ?? 'default'}>{t(`logs.types.${known?.text ?? 'unknown'}`)}</Tag>;
}

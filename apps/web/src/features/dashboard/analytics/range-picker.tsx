import { DatePicker, Flex, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RangePreset } from './analytics-range';

interface RangePickerProps {
  preset: RangePreset;
  onPreset: (preset: RangePreset) => void;
  /** A custom range picked, in epoch seconds. */
  onCustom: (start: number, end: number) => void;
}

/** 24 h, 7 d, 30 d, or a range picked on a calendar. */
export function AnalyticsRangePicker({ preset, onPreset, onCustom }: RangePickerProps) {
  const { t } = useTranslation();
  return (
    <Flex gap="small" wrap align="center">
      <Segmented<RangePreset>
        data-testid="analytics-range"
        value={preset}
        onChange={onPreset}
        options={[
          { value: '24h', label: t('dashboard.range24h') },
          { value: '7d', label: t('dashboard.range7d') },
          { value: '30d', label: t('dashboard.range30d') },
          { value: 'custom', label: t('dashboard.rangeCustom') },
        ]}
      />
      {preset === 'custom' && (
        <DatePicker.RangePicker
          showTime
          onChange={(dates) => {
            const [from, to] = dates ?? [];
            if (from && to && to.unix() > from.unix()) onCustom(from.unix(), to.unix());
          }}
        />
      )}
    </Flex>
  );
}

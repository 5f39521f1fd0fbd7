import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

export type View = 'chart' | 'table';

/** The chart of a card, or its numbers as a table: one click apart. */
export function ViewSwitch({ view, onChange, testId }: { view: View; onChange: (view: View) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Segmented<View>
      size="small"
      data-testid={testId}
      value={view}
      onChange={onChange}
      options={[
        { value: 'chart', label: t('dashboard.viewChart') },
        { value: 'table', label: t('dashboard.viewTable') },
      ]}
    />
  );
}

import { AutoComplete, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGroupModels } from '../../api/group-models';

interface ModelPickerProps {
  /** The group whose channels' models are offered (`*`: any group's). */
  group: string;
  value: string;
  onChange: (model: string) => void;
  testId: string;
  invalid?: boolean;
  /** Models not offered (the row's own, those already in the chain). */
  exclude?: readonly string[];
}

/**
 * A model: one the group's channels serve, picked from the list, or any name typed (a model whose channel is
 * not set up yet). Case-insensitive matching on what is typed.
 */
export function ModelPicker({ group, value, onChange, testId, invalid, exclude = [] }: ModelPickerProps) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.fallbacks' });
  const models = useGroupModels(group);
  const options = (models.data ?? []).filter((model) => model === value || !exclude.includes(model)).map((model) => ({ value: model }));
  return (
    <AutoComplete
      value={value}
      options={options}
      onChange={(next: string) => onChange(next)}
      filterOption={(typed, option) => String(option?.value ?? '').toLowerCase().includes(typed.toLowerCase())}
      style={{ flex: '1 1 160px', minWidth: 0 }}
    >
      <Input data-testid={testId} placeholder={t('modelPlaceholder')} status={invalid ? 'error' : undefined} autoComplete="off" />
    </AutoComplete>
  );
}

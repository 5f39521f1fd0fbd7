import { useState, type KeyboardEvent } from 'react';
import { Button, Flex, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAllModels } from '../api/channel-models';
import { channelModelsOf } from '../model-cache';
import type { ChannelFormValues } from './channel-form-values';

/** The models multi-select with the fill buttons and a custom model input. */
export function ModelPicker({ type }: { type: number }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ChannelFormValues>();
  const selected: string[] = Form.useWatch('models', form) ?? [];
  const allModels = useAllModels();
  const [custom, setCustom] = useState('');
  // Selected models the gateway does not know (custom ones) stay selectable.
  const options = [...new Set([...(allModels.data ?? []), ...selected])].map((model) => ({ value: model, label: model }));
  const setModels = (models: string[]) => form.setFieldValue('models', [...new Set(models)]);

  const addCustom = () => {
    const name = custom.trim();
    if (name === '' || selected.includes(name)) return;
    setModels([...selected, name]);
    setCustom('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the model instead of submitting the form.
    event.preventDefault();
    addCustom();
  };

  return (
    <>
      <Form.Item name="models" label={t('channels.form.models')} required>
        <Select mode="multiple" allowClear options={options} placeholder={t('channels.form.modelsPlaceholder')} data-testid="channel-models" />
      </Form.Item>
      <Flex wrap gap="small" style={{ marginBottom: 24 }}>
        <Button onClick={() => setModels(channelModelsOf(type))} data-testid="channel-fill-type-models">
          {t('channels.form.fillTypeModels')}
        </Button>
        <Button onClick={() => setModels(allModels.data ?? [])} data-testid="channel-fill-all-models">
          {t('channels.form.fillAllModels')}
        </Button>
        <Button onClick={() => setModels([])} data-testid="channel-clear-models">
          {t('channels.form.clearModels')}
        </Button>
        <Space.Compact>
          <Input
            value={custom}
            onChange={(event) => setCustom(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t('channels.form.customModelPlaceholder')}
            data-testid="channel-custom-model"
          />
          <Button onClick={addCustom} data-testid="channel-add-custom-model">
            {t('channels.form.addCustomModel')}
          </Button>
        </Space.Compact>
      </Flex>
    </>
  );
}

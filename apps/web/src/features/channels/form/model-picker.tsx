import { useState, type KeyboardEvent } from 'react';
import { Button, Flex, Form, Input, Select, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { useAllModels } from '../api/channel-models';
import { useUnpricedModels } from '../api/upstream-models';
import { channelModelsOf } from '../model-cache';
import type { ChannelFormValues } from './channel-form-values';
import { FetchModelsButton } from './fetch-models-button';
import { UnpricedTag } from './unpriced-tag';

/**
 * The models multi-select with the fill buttons, the upstream's own list and a custom model input. A picked
 * model without a price is marked: requests for it would be refused until one is set.
 */
export function ModelPicker({ type, channelId, rules }: { type: number; channelId?: number; rules: Rule[] }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ChannelFormValues>();
  const selected: string[] = Form.useWatch('models', form) ?? [];
  const allModels = useAllModels();
  const unpriced = useUnpricedModels(selected);
  const [custom, setCustom] = useState('');
  // Selected models the gateway does not know (custom ones) stay selectable. The title keeps the bare name
  // on a picked model's tag, whose label may carry the unpriced mark.
  const options = [...new Set([...(allModels.data ?? []), ...selected])].map((model) => ({ value: model, label: model, title: model }));
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
      <Form.Item name="models" label={t('channels.form.models')} required rules={rules}>
        <Select
          mode="multiple"
          allowClear
          options={options}
          labelRender={({ label, value }) => (
            <>
              {label ?? value}
              {unpriced.has(String(value)) && <UnpricedTag />}
            </>
          )}
          placeholder={t('channels.form.modelsPlaceholder')}
          data-testid="channel-models"
        />
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
        <FetchModelsButton channelId={channelId} onPicked={setModels} />
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

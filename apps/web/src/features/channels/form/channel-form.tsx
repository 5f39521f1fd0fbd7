import { Button, Flex, Form, Input, InputNumber, Select } from 'antd';
import { CHANNEL_LIMITS, CHANNEL_TYPES, DEFAULT_CHANNEL_TYPE, type ChannelView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showInfo, showSuccess } from '@/app/toasts/toast';
import { markRefusedField } from '@/components/form-rules/server-field-error';
import { useGroups } from '@/lib/api/use-groups';
import { useSaveChannel } from '../api/channel-form-data';
import { channelModelsOf } from '../model-cache';
import { channelFieldRules } from './channel-field-rules';
import { checkChannelForm, toChannelPayload } from './channel-form-rules';
import { toFormValues, type ChannelFormValues } from './channel-form-values';
import { KeyField } from './key-field';
import { ModelPicker } from './model-picker';
import { NativeProtocolsField } from './native-protocols-field';
import { MODEL_MAPPING_EXAMPLE } from './model-mapping-example';
import { typeFormSpec } from './type-form-spec';
import { TypeNotices, TypeSpecificFields } from './type-specific-fields';

/** The channel form: a new channel, or `loaded` to edit (sent back whole with the edits). */
export function ChannelForm({ loaded }: { loaded?: ChannelView }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ChannelFormValues>();
  const type: number = Form.useWatch('type', form) ?? loaded?.type ?? DEFAULT_CHANNEL_TYPE;
  const spec = typeFormSpec(type);
  const groups = useGroups();
  const save = useSaveChannel();
  const editing = loaded !== undefined;
  const rules = channelFieldRules(t, form, editing);

  const typeOptions = CHANNEL_TYPES.map((entry) => ({ value: entry.id, label: i18n.language === 'en' ? entry.label : entry.labelZh }));
  const groupOptions = [...new Set(groups.data ?? [])].map((group) => ({ value: group, label: group }));

  const onValuesChange = (changed: Partial<ChannelFormValues>) => {
    // A new type brings its default models, unless models were already chosen (one-api's behaviour).
    if (changed.type !== undefined && (form.getFieldValue('models') as string[]).length === 0) form.setFieldValue('models', channelModelsOf(changed.type));
  };

  const onFinish = () => {
    // All values, those of fields the current type hides included (the config keeps every credential).
    const values = form.getFieldsValue(true) as ChannelFormValues;
    const problem = checkChannelForm(values, editing);
    if (problem) return showInfo(t(`channels.messages.${problem}`));
    save.mutate(toChannelPayload(values, loaded), {
      onSuccess: () => {
        showSuccess(editing ? t('channels.messages.updated') : t('channels.messages.created'));
        if (!editing) form.resetFields();
      },
      onError: (error) => markRefusedField(form, error),
    });
  };

  return (
    <Form form={form} layout="vertical" initialValues={toFormValues(loaded)} onValuesChange={onValuesChange} onFinish={onFinish} autoComplete="off" data-testid="channel-form">
      <Form.Item name="type" label={t('channels.form.type')} required>
        <Select showSearch={{ optionFilterProp: 'label' }} options={typeOptions} data-testid="channel-type" />
      </Form.Item>
      <TypeNotices spec={spec} />
      <Form.Item name="name" label={t('channels.form.name')} rules={rules.name}>
        <Input name="name" placeholder={t('channels.form.namePlaceholder')} autoComplete="off" maxLength={CHANNEL_LIMITS.name} showCount data-testid="channel-name" />
      </Form.Item>
      <Form.Item name="groups" label={t('channels.form.group')} required rules={rules.groups}>
        <Select mode="multiple" options={groupOptions} placeholder={t('channels.form.groupPlaceholder')} data-testid="channel-groups" />
      </Form.Item>
      <TypeSpecificFields spec={spec} />
      {spec.hasModels && (
        <>
          <ModelPicker type={type} channelId={loaded?.id} rules={rules.models} />
          <Form.Item name="model_mapping" label={t('channels.form.modelMapping')} rules={rules.model_mapping}>
            <Input.TextArea
              name="model_mapping"
              maxLength={CHANNEL_LIMITS.modelMapping}
              autoSize={{ minRows: 5 }}
              placeholder={`${t('channels.form.modelMappingPlaceholder')}\n${MODEL_MAPPING_EXAMPLE}`}
              style={{ fontFamily: 'monospace' }}
              data-testid="channel-model-mapping"
            />
          </Form.Item>
          <Form.Item name="system_prompt" label={t('channels.form.systemPrompt')}>
            <Input.TextArea autoSize={{ minRows: 3 }} placeholder={t('channels.form.systemPromptPlaceholder')} data-testid="channel-system-prompt" />
          </Form.Item>
        </>
      )}
      <KeyField spec={spec} editing={editing} rules={rules.key} />
      <NativeProtocolsField type={type} />
      <Flex gap="middle">
        <Form.Item name="priority" label={t('channels.form.priority')} rules={rules.priority}>
          <InputNumber name="priority" placeholder={t('channels.form.priorityPlaceholder')} style={{ width: 240 }} data-testid="channel-priority-input" />
        </Form.Item>
        <Form.Item name="weight" label={t('channels.form.weight')} rules={rules.weight}>
          <InputNumber name="weight" placeholder={t('channels.form.weightPlaceholder')} style={{ width: 240 }} data-testid="channel-weight-input" />
        </Form.Item>
      </Flex>
      <Flex gap="small">
        <Button onClick={() => void navigate('/channel')}>{t('channels.form.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="channel-submit">
          {t('channels.form.submit')}
        </Button>
      </Flex>
    </Form>
  );
}

import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { CHANNEL_LIMITS, ChannelInputSchema } from '@tollgate/contract';
import type { TFunction } from 'i18next';
import { characterCount, numberRules, textRules } from '@/components/form-rules/field-rules';
import { isValidJson } from '@/lib/format/text';
import { composedKey, needsModels } from './channel-form-rules';
import type { ChannelFormValues } from './channel-form-values';

type CheckedField = 'name' | 'key' | 'groups' | 'models' | 'model_mapping' | 'priority' | 'weight';

const refuse = (message: string) => Promise.reject(new Error(message));

/**
 * The rules of each channel field, so a refused value is marked on its field (issue 35) instead of one toast
 * for the whole form. Limits are the contract's: the column sizes of one-api's channels table and the 32-bit
 * integers of ChannelInputSchema. A new channel needs a name and a key; an edit keeps the stored key.
 */
export function channelFieldRules(t: TFunction, form: FormInstance<ChannelFormValues>, editing: boolean): Record<CheckedField, Rule[]> {
  const values = () => form.getFieldsValue(true) as ChannelFormValues;
  return {
    name: textRules(t, t('channels.form.name'), { required: !editing, max: CHANNEL_LIMITS.name }),
    key: [
      {
        // AWS and Vertex AI may build the key from their own fields, so "empty" is the composed key's.
        validator: () => (!editing && composedKey(values()).trim() === '' ? refuse(t('formRules.required', { field: t('channels.form.key') })) : Promise.resolve()),
      },
    ],
    groups: [
      { required: true, message: t('channels.messages.groupsRequired') },
      {
        validator: (_, groups: string[] | undefined) =>
          characterCount((groups ?? []).join(',')) > CHANNEL_LIMITS.group
            ? refuse(t('formRules.tooLong', { field: t('channels.form.group'), max: CHANNEL_LIMITS.group }))
            : Promise.resolve(),
      },
    ],
    models: [
      {
        validator: (_, models: string[] | undefined) =>
          needsModels(values().type) && (models ?? []).length === 0 ? refuse(t('channels.messages.modelsRequired')) : Promise.resolve(),
      },
    ],
    model_mapping: [
      {
        validator: (_, mapping: string | undefined) => {
          const text = (mapping ?? '').trim();
          if (characterCount(text) > CHANNEL_LIMITS.modelMapping) return refuse(t('formRules.tooLong', { field: t('channels.form.modelMapping'), max: CHANNEL_LIMITS.modelMapping }));
          return text !== '' && !isValidJson(text) ? refuse(t('channels.messages.modelMappingInvalid')) : Promise.resolve();
        },
      },
    ],
    priority: numberRules(t, t('channels.form.priority'), ChannelInputSchema.shape.priority),
    weight: numberRules(t, t('channels.form.weight'), ChannelInputSchema.shape.weight),
  };
}

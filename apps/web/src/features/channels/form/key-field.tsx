import { useState } from 'react';
import { Checkbox, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { TypeFormSpec } from './type-form-spec';

/** The key, or with batch creation several keys, one channel per line. A stored key is never shown. */
export function KeyField({ spec, editing, rules }: { spec: TypeFormSpec; editing: boolean; rules: Rule[] }) {
  const { t } = useTranslation();
  const [batch, setBatch] = useState(false);
  if (!spec.hasKey) return null;
  return (
    <>
      <Form.Item name="key" label={t('channels.form.key')} required={!editing} rules={rules} extra={editing ? t('channels.form.keepKeyHint') : undefined}>
        {batch ? (
          <Input.TextArea name="key" autoSize={{ minRows: 4 }} placeholder={t('channels.form.batchPlaceholder')} data-testid="channel-key" />
        ) : (
          <Input name="key" placeholder={t(`channels.form.keyPlaceholders.${spec.keyPlaceholder}`)} autoComplete="new-password" data-testid="channel-key" />
        )}
      </Form.Item>
      {!editing && (
        <Form.Item>
          <Checkbox checked={batch} onChange={(event) => setBatch(event.target.checked)} data-testid="channel-batch">
            {t('channels.form.batch')}
          </Checkbox>
        </Form.Item>
      )}
    </>
  );
}

import { useState } from 'react';
import { Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TypeFormSpec } from './type-form-spec';

/** The key, or with batch creation several keys, one channel per line. A stored key is never shown. */
export function KeyField({ spec, editing }: { spec: TypeFormSpec; editing: boolean }) {
  const { t } = useTranslation();
  const [batch, setBatch] = useState(false);
  if (!spec.hasKey) return null;
  return (
    <>
      <Form.Item name="key" label={t('channels.form.key')} required={!editing} extra={editing ? t('channels.form.keepKeyHint') : undefined}>
        {batch ? (
          <Input.TextArea autoSize={{ minRows: 4 }} placeholder={t('channels.form.batchPlaceholder')} data-testid="channel-key" />
        ) : (
          <Input placeholder={t(`channels.form.keyPlaceholders.${spec.keyPlaceholder}`)} autoComplete="new-password" data-testid="channel-key" />
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

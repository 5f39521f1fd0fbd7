import { Alert, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TextField, TypeFormSpec } from './type-form-spec';

function TextInput({ field, name }: { field: TextField; name: string | string[] }) {
  const { t } = useTranslation();
  const testId = `channel-${Array.isArray(name) ? name.join('-') : name}`;
  return (
    <Form.Item name={name} label={t(`channels.form.${field.label}`)}>
      {field.multiline ? (
        <Input.TextArea autoSize={{ minRows: 3 }} placeholder={t(`channels.form.${field.placeholder}`)} data-testid={testId} />
      ) : (
        <Input placeholder={t(`channels.form.${field.placeholder}`)} autoComplete="off" data-testid={testId} />
      )}
    </Form.Item>
  );
}

/** The notices of a type, shown under the type picker. */
export function TypeNotices({ spec }: { spec: TypeFormSpec }) {
  const { t } = useTranslation();
  if (spec.notices.length === 0) return null;
  return (
    <Flex vertical gap="small" style={{ marginBottom: 24 }}>
      {spec.notices.map((notice) => (
        <Alert key={notice} type="info" title={t(`channels.form.${notice}`)} />
      ))}
    </Flex>
  );
}

/** Base URL, the `other` setting and the config credentials, as the type needs them. */
export function TypeSpecificFields({ spec }: { spec: TypeFormSpec }) {
  return (
    <>
      {spec.baseUrl && <TextInput field={spec.baseUrl} name="base_url" />}
      {spec.other && <TextInput field={spec.other} name="other" />}
      {spec.config.map((field) => (
        <TextInput key={field.name} field={field} name={['config', field.name]} />
      ))}
    </>
  );
}

import { Checkbox, Form, Space, Tag } from 'antd';
import { CLIENT_PROTOCOL_LABELS, defaultNativeProtocols, NATIVE_PROTOCOLS, type NativeProtocol } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { shownNativeProtocols, type NativeProtocolChoice } from './native-protocols';

/** Form.Item hands its child the value and the change handler. */
interface ChoiceProps {
  type: number;
  value?: NativeProtocolChoice;
  onChange?: (value: NativeProtocolChoice) => void;
}

function NativeProtocolCheckboxes({ type, value = null, onChange }: ChoiceProps) {
  const { t } = useTranslation();
  const defaults = defaultNativeProtocols(type);
  const options = NATIVE_PROTOCOLS.map((protocol) => ({
    value: protocol,
    label: (
      <Space size={4} data-testid={`channel-native-${protocol}`}>
        {CLIENT_PROTOCOL_LABELS[protocol]}
        {defaults.includes(protocol) && <Tag variant="filled">{t('channels.form.nativeProtocolTypeDefault')}</Tag>}
      </Space>
    ),
  }));
  return (
    <Checkbox.Group<NativeProtocol>
      options={options}
      value={shownNativeProtocols(value, type)}
      // Any tick makes the list the admin's own; it is stored only where it differs from the type's defaults.
      onChange={(next) => onChange?.([...next])}
      data-testid="channel-native-protocols"
    />
  );
}

/** Which client protocols the channel takes unconverted, beside the OpenAI conversion every channel has. */
export function NativeProtocolsField({ type }: { type: number }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="native_protocols" label={t('channels.form.nativeProtocols')} extra={t('channels.form.nativeProtocolsHelp')}>
      <NativeProtocolCheckboxes type={type} />
    </Form.Item>
  );
}

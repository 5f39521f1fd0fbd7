import { Button, Flex, Form, Input, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXPIRY_SHORTCUTS, expiryShortcutText, type ExpiryShortcut } from '../expiry';
import type { TokenFormValues } from '../token-payload';

const SHORTCUTS = Object.keys(EXPIRY_SHORTCUTS) as ExpiryShortcut[];

/** The expiry text field and its shortcut buttons (never, a month, a day, an hour, a minute). */
export function ExpiryField({ form }: { form: FormInstance<TokenFormValues> }) {
  const { t } = useTranslation();
  const apply = (shortcut: ExpiryShortcut) => form.setFieldValue('expiry', expiryShortcutText(shortcut, Math.floor(Date.now() / 1000)));
  return (
    <Form.Item label={t('tokens.form.expiry')}>
      <Flex vertical gap="small">
        <Form.Item name="expiry" noStyle>
          <Input name="expiry" placeholder={t('tokens.form.expiryPlaceholder')} autoComplete="off" />
        </Form.Item>
        <Flex wrap gap="small">
          {SHORTCUTS.map((shortcut) => (
            <Button key={shortcut} size="small" onClick={() => apply(shortcut)} data-testid={`expiry-${shortcut}`}>
              {t(`tokens.form.shortcuts.${shortcut}`)}
            </Button>
          ))}
        </Flex>
      </Flex>
    </Form.Item>
  );
}

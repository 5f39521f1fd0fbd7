import { useState } from 'react';
import { Button, Flex, Form, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveOptions } from '../api/options';
import { OptionCheckbox } from '../components/option-checkbox';
import { changedOptions, type Options } from '../option-diff';
import { addDomain, joinWhitelist, parseWhitelist, removeDomain } from '../whitelist';

/** The email domain whitelist: the switch, the domains (removable tags) and a field to add one. */
export function WhitelistSection({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.system' });
  const [domains, setDomains] = useState(() => parseWhitelist(options.EmailDomainWhitelist ?? ''));
  const [typed, setTyped] = useState('');
  const save = useSaveOptions();

  const add = () => {
    setDomains((current) => addDomain(current, typed));
    setTyped('');
  };
  const onSave = () => save.mutate(changedOptions(options, { EmailDomainWhitelist: joinWhitelist(domains) }));

  return (
    <Flex vertical gap="small">
      <Typography.Title level={4}>{t('whitelist')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('whitelistHint')}</Typography.Paragraph>
      <OptionCheckbox optionKey="EmailDomainRestrictionEnabled" label={t('domainRestriction')} options={options} />
      <Flex wrap gap="middle">
        <Form.Item label={t('allowedDomains')} layout="vertical" style={{ flex: '1 1 320px' }}>
          <Select
            mode="multiple"
            open={false}
            value={domains}
            onDeselect={(domain: string) => setDomains((current) => removeDomain(current, domain))}
            options={domains.map((domain) => ({ value: domain, label: domain }))}
            data-testid="whitelist-domains"
          />
        </Form.Item>
        <Form.Item label={t('newDomain')} layout="vertical" style={{ flex: '1 1 320px' }}>
          <Space.Compact style={{ width: '100%' }}>
            <Input value={typed} onChange={(event) => setTyped(event.target.value)} onPressEnter={add} placeholder={t('newDomainPlaceholder')} data-testid="whitelist-new-domain" />
            <Button onClick={add} data-testid="whitelist-add">
              {t('addDomain')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Flex>
      <div>
        <Button onClick={onSave} loading={save.isPending} data-testid="save-EmailDomainWhitelist">
          {t('saveWhitelist')}
        </Button>
      </div>
    </Flex>
  );
}

import { Flex, Tag, Typography } from 'antd';
import { CONFIG_SECTIONS, type ConfigDiff, type ConfigItemChange } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';

const fieldsText = (item: ConfigItemChange) => item.fields.map(({ field, from, to }) => `${field}: ${from} → ${to}`).join('; ');

/** The diff of a dry run: per section its counts, then one line per added (+), changed (~) or removed (-) item. */
export function ConfigDiffView({ diff }: { diff: ConfigDiff }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.configTransfer' });
  return (
    <Flex vertical gap="small" data-testid="config-diff">
      <Typography.Text strong>{t('diffTitle')}</Typography.Text>
      {CONFIG_SECTIONS.map((section) => {
        const { added, changed, removed } = diff[section];
        return (
          <div key={section} data-testid={`config-diff-${section}`}>
            <Typography.Text>
              {t(`sections.${section}`)}: {t('summary', { added: added.length, changed: changed.length, removed: removed.length })}
            </Typography.Text>
            {added.map((item, index) => (
              <div key={`+${index}`}>
                <Tag color="green">+</Tag>
                {item.name}
              </div>
            ))}
            {changed.map((item, index) => (
              <div key={`~${index}`}>
                <Tag color="blue">~</Tag>
                {item.name} <Typography.Text type="secondary">{fieldsText(item)}</Typography.Text>
              </div>
            ))}
            {removed.map((item, index) => (
              <div key={`-${index}`}>
                <Tag color="red">-</Tag>
                {item.name}
              </div>
            ))}
          </div>
        );
      })}
    </Flex>
  );
}

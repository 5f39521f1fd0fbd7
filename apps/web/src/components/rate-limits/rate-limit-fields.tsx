import { Divider, Form, InputNumber, Typography } from 'antd';
import { rateLimitSchema, type RateLimitStatus } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { numberRules } from '../form-rules/field-rules';
import { USAGE_OF, usageParams, type LimitField } from './rate-limit-values';

const LABELS: Record<LimitField, 'rateLimits.rpm' | 'rateLimits.tpm' | 'rateLimits.concurrency'> = {
  rpm_limit: 'rateLimits.rpm',
  tpm_limit: 'rateLimits.tpm',
  concurrency_limit: 'rateLimits.concurrency',
};

const LIMIT = rateLimitSchema();

/**
 * The three limit inputs of a form (key or user): whole numbers, 0 for none, each with the use of its
 * limit right now when `usage` is given (the edit forms; a new key has none). A value out of the contract's
 * range is refused on its field, never clamped (issue 35).
 */
export function RateLimitFields({ usage }: { usage?: RateLimitStatus }) {
  const { t } = useTranslation();
  return (
    <>
      <Divider titlePlacement="start">{t('rateLimits.title')}</Divider>
      <Typography.Paragraph type="secondary">{t('rateLimits.tightestNotice')}</Typography.Paragraph>
      {(Object.keys(LABELS) as LimitField[]).map((field) => {
        const used = usage && usageParams(usage[USAGE_OF[field]]);
        return (
          <Form.Item
            key={field}
            name={field}
            label={t(LABELS[field])}
            rules={numberRules(t, t(LABELS[field]), LIMIT)}
            extra={
              <span data-testid={`${field}-usage`}>
                {t('rateLimits.unlimitedHint')}
                {used ? ` · ${t(`rateLimits.${used.key}`, { used: used.used, limit: used.limit })}` : ''}
              </span>
            }
          >
            <InputNumber name={field} placeholder="0" style={{ width: '100%' }} data-testid={field} />
          </Form.Item>
        );
      })}
    </>
  );
}

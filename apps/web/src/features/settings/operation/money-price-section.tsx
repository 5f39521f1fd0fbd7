import { useState } from 'react';
import { Button, Flex, Form, Input, Table, Typography } from 'antd';
import { MODEL_NAME_MAX_LENGTH, ModelMoneyPriceSchema, type ModelListPriceView, type PriceOrigin } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { textRules } from '@/components/form-rules/field-rules';
import { api } from '@/lib/api/client';
import { currencyDisplay, currencySymbol } from '@/lib/format/money';
import { useSaveOptions } from '../api/options';
import { hasOperatorPrice, moneyFieldsOf, moneyPriceChanges, operatorPrices, type MoneyPriceFields } from '../money-prices';
import type { Options } from '../option-diff';
import { moneyPriceRules } from './money-price-rules';

const KINDS = [
  ['input', 'input'],
  ['output', 'output'],
  ['cache_read', 'cacheRead'],
  ['cache_write', 'cacheWrite'],
  ['reasoning', 'reasoning'],
  ['audio_input', 'audioInput'],
  ['audio_output', 'audioOutput'],
] as const;

/**
 * A model's prices per million tokens in the display currency (dollars unless the operator chose another),
 * saved as the ratios one-api stores (so old data keeps its meaning); the operator's priced models are listed
 * in money beside it. Each field is checked before anything is sent and a refusal is marked on it, named as
 * its label reads (issue 35).
 */
export function MoneyPriceSection({ options }: { options: Options }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.prices' });
  const { t: tRoot } = useTranslation();
  const save = useSaveOptions();
  const [form] = Form.useForm<MoneyPriceFields>();
  const quotaPerUnit = Number(options.QuotaPerUnit) > 0 ? Number(options.QuotaPerUnit) : 500_000;
  // From the options, not the status the page loaded with: a currency saved below applies here at once.
  const display = currencyDisplay(options.DisplayCurrency, Number(options.CurrencyExchangeRate));
  const symbol = currencySymbol(display.currency);
  const rows = operatorPrices(options, quotaPerUnit, display);

  // Where the prices loaded into the form came from, when they are a built-in price the operator has not made their own.
  const [loadedOrigin, setLoadedOrigin] = useState<PriceOrigin | undefined>();

  const load = async (typed: string) => {
    const model = typed.trim();
    setLoadedOrigin(undefined);
    if (hasOperatorPrice(options, model)) return form.setFieldsValue(moneyFieldsOf(options, model, quotaPerUnit, display));
    const listed = await api.get<ModelListPriceView>(`/api/pricing/model?model=${encodeURIComponent(model)}`).catch(() => undefined);
    // The operator may have typed on meanwhile: only the model still in the field is filled in.
    if (form.getFieldValue('model')?.trim() !== model) return;
    form.setFieldsValue(moneyFieldsOf(options, model, quotaPerUnit, display, listed?.price));
    setLoadedOrigin(listed?.price?.origin);
  };
  const onFinish = (typed: MoneyPriceFields) => {
    const parsed = ModelMoneyPriceSchema.safeParse(typed);
    if (!parsed.success) {
      // The fields passed their own rules: what is left is the rule across them, that other prices need an input price.
      form.setFields([{ name: 'input', errors: [tRoot('formRules.inputZero', { field: t('input') })] }]);
      return;
    }
    save.mutate(moneyPriceChanges(options, parsed.data, quotaPerUnit, display));
  };

  return (
    <Flex vertical gap="small" data-testid="money-prices">
      <Typography.Title level={4} data-testid="money-prices-title">
        {t('title', { currency: display.currency })}
      </Typography.Title>
      <Typography.Text type="secondary">{t('help')}</Typography.Text>
      {display.currency !== 'USD' && (
        <Typography.Text type="secondary" data-testid="money-prices-converted">
          {t('converted', { currency: display.currency, rate: display.rate })}
        </Typography.Text>
      )}
      <Form form={form} layout="inline" onFinish={onFinish} initialValues={{ model: '', input: '', output: '', cache_read: '', cache_write: '', reasoning: '', audio_input: '', audio_output: '' }}>
        <Form.Item name="model" label={t('model')} rules={textRules(tRoot, t('model'), { required: true, max: MODEL_NAME_MAX_LENGTH })}>
          <Input name="model" data-testid="money-model" maxLength={MODEL_NAME_MAX_LENGTH} onBlur={(event) => event.target.value.trim() && void load(event.target.value)} autoComplete="off" />
        </Form.Item>
        {KINDS.map(([field, label]) => (
          <Form.Item key={field} name={field} label={t(label)} rules={moneyPriceRules(tRoot, field, t(label))}>
            <Input name={field} data-testid={`money-${field}`} prefix={symbol} style={{ width: 110 }} autoComplete="off" />
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="money-save">
          {t('save')}
        </Button>
      </Form>
      {loadedOrigin && (
        <Typography.Text type="secondary" data-testid="money-origin">
          {t(`origin.${loadedOrigin.kind}`, { name: loadedOrigin.name ?? '', date: loadedOrigin.date ?? '' })}
        </Typography.Text>
      )}
      <Table
        rowKey="model"
        size="small"
        pagination={false}
        // Seven price columns are wider than a phone: the list scrolls in its own box, not the page.
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        onRow={(row) => ({ onClick: () => form.setFieldsValue(row), style: { cursor: 'pointer' } })}
        columns={[{ key: 'model', dataIndex: 'model', title: t('model') }, ...KINDS.map(([field, label]) => ({ key: field, title: t(label), render: (_: unknown, row: MoneyPriceFields) => (row[field] === '' ? '' : `${symbol}${row[field]}`) }))]}
        data-testid="money-price-list"
      />
    </Flex>
  );
}

import type { Rule } from 'antd/es/form';
import { ModelMoneyPriceSchema } from '@tollgate/contract';
import type { TFunction } from 'i18next';
import type { MoneyPriceFields } from '../money-prices';

type MoneyKind = Exclude<keyof MoneyPriceFields, 'model'>;

/**
 * A price field of the money editor, checked by the contract's own schema of that field (input and output
 * are required, the others may stay blank) and refused on the field in the console's words: `abc` is not a
 * price, and neither is a negative one (issue 35).
 */
export function moneyPriceRules(t: TFunction, kind: MoneyKind, field: string): Rule[] {
  return [
    {
      validator: (_, value: unknown) => {
        if (ModelMoneyPriceSchema.shape[kind].safeParse(value ?? '').success) return Promise.resolve();
        const text = String(value ?? '').trim();
        if (text === '') return Promise.reject(new Error(t('formRules.required', { field })));
        const reason = Number.isFinite(Number(text)) ? t('formRules.atLeast', { field, min: 0 }) : t('formRules.notNumber', { field });
        return Promise.reject(new Error(reason));
      },
    },
  ];
}

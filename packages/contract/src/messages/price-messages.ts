import type { MessageTexts } from './message.js';

/** Prices: ratio tables, long-context tiers, per-request and audio prices, the display currency. */
export const priceMessages = {
  'price.ratio_entry_invalid': { en: '{option}.{name} must be a number of 0 or more', zh: '{option}.{name} 必须是不小于 0 的数' },
  'price.tiers_not_json': {
    en: 'ModelPriceTiers is not valid JSON; expected {"model":[{"above_prompt_tokens":200000,"input":3,"output":11.25}]}',
    zh: 'ModelPriceTiers 不是合法的 JSON，格式应为 {"model":[{"above_prompt_tokens":200000,"input":3,"output":11.25}]}',
  },
  'price.tiers_not_object': { en: 'ModelPriceTiers must be a JSON object from model name to its list of tiers', zh: 'ModelPriceTiers 必须是从模型名到价格档位列表的 JSON 对象' },
  'price.tier_unknown_model': { en: '{at}: unknown model {model}; give it a model ratio (ModelRatio) first', zh: '{at}：未知模型 {model}，请先为它设置模型倍率（ModelRatio）' },
  'price.tiers_empty': { en: '{at} must be a non-empty list of tiers', zh: '{at} 必须是非空的价格档位列表' },
  // A tier's own fields: the English names the rule broken, the Chinese the field.
  'price.tier_invalid': { en: '{detail}', zh: '价格档位 {field} 无效' },
  'price.tier_threshold_order': { en: '{at}.above_prompt_tokens must be greater than the tier before it', zh: '{at}.above_prompt_tokens 必须大于上一档' },
  // The console's money editor, checked before anything is sent; {field} is the price's field name.
  'price.money_not_number': { en: '{field} must be a number of 0 or more', zh: '{field} 必须是不小于 0 的数' },
  'price.money_required': { en: '{field} is required', zh: '{field} 不能为空' },
  'price.money_input_zero': { en: 'input must be greater than 0 when another kind has a price', zh: '其他价格不为空时，input 必须大于 0' },
  'option.audio_input_ratio_invalid': { en: 'AudioInputRatio is not valid JSON; expected {"model":8} (relative to an input token)', zh: '音频输入倍率（AudioInputRatio）不是合法的 JSON，格式应为 {"model":8}（相对输入 token）' },
  'option.audio_output_ratio_invalid': { en: 'AudioOutputRatio is not valid JSON; expected {"model":16} (relative to an input token)', zh: '音频输出倍率（AudioOutputRatio）不是合法的 JSON，格式应为 {"model":16}（相对输入 token）' },
  'option.model_request_price_invalid': { en: 'ModelRequestPrice is not valid JSON; expected {"model":0.04} (US dollars per request)', zh: '按次价格（ModelRequestPrice）不是合法的 JSON，格式应为 {"model":0.04}（每次请求的美元价格）' },
  'option.display_currency_invalid': { en: 'DisplayCurrency must be a three-letter currency code such as USD or CNY', zh: '显示货币（DisplayCurrency）必须是三个字母的货币代码，如 USD 或 CNY' },
  'option.expect.exchange_rate': { en: 'a number greater than 0 (units of DisplayCurrency per US dollar)', zh: '大于 0 的数（每美元折合的显示货币数）' },
} as const satisfies Record<string, MessageTexts>;

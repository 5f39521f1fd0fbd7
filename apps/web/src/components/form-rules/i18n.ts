/**
 * Why a form field was refused before sending, naming the field as its label reads (issue 35). Shared by the
 * key, redemption, user and channel forms and the price editors.
 */
const zh = {
  required: '{{field}}不能为空',
  tooLong: '{{field}}最多 {{max}} 个字符',
  tooShort: '{{field}}至少 {{min}} 个字符',
  notNumber: '{{field}}必须是数字',
  wholeNumber: '{{field}}必须是整数',
  atLeast: '{{field}}不能小于 {{min}}',
  above: '{{field}}必须大于 {{min}}',
  atMost: '{{field}}不能大于 {{max}}',
  entryInvalid: '{{editor}}中 {{name}} 的值必须是不小于 0 的数字，当前为 {{value}}',
  inputZero: '其他价格不为空时，{{field}}必须大于 0',
};

const en: typeof zh = {
  required: '{{field}} must not be empty',
  tooLong: '{{field}} must be at most {{max}} characters',
  tooShort: '{{field}} must be at least {{min}} characters',
  notNumber: '{{field}} must be a number',
  wholeNumber: '{{field}} must be a whole number',
  atLeast: '{{field}} must be at least {{min}}',
  above: '{{field}} must be greater than {{min}}',
  atMost: '{{field}} must be at most {{max}}',
  entryInvalid: '{{editor}}: the value of {{name}} must be a number of 0 or more, not {{value}}',
  inputZero: '{{field}} must be greater than 0 when another kind has a price',
};

export const formRulesI18n = { zh, en };

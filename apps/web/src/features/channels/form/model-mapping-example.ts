/** The example of the model mapping placeholder (spec section 9). */
export const MODEL_MAPPING_EXAMPLE = JSON.stringify(
  {
    'gpt-3.5-turbo-0301': 'gpt-3.5-turbo',
    'gpt-4-0314': 'gpt-4',
    'gpt-4-32k-0314': 'gpt-4-32k',
  },
  null,
  2,
);

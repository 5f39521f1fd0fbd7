/** Texts of the channel form's model fetch and of the unpriced-model marks, wired into the channels texts as `modelFetch`. */
export const modelFetchZh = {
  fetch: '获取模型列表',
  title: '上游的模型列表',
  searchPlaceholder: '搜索模型',
  selectAll: '全选',
  selectNone: '全不选',
  counts: '已选 {{selected}} 个，共 {{total}} 个',
  matching: '（显示 {{shown}} 个）',
  empty: '上游没有列出任何模型',
  noMatch: '没有匹配的模型',
  confirm: '使用所选模型',
  cancel: '取消',
  help: '勾选的模型将加入渠道的模型列表，取消勾选则从中移除；不在上游列表中的模型保持不变。',
  unpriced: '未定价',
  unpricedHint: '该模型还没有价格，对它的请求会被拒绝：请在 设置 → 运营设置 → 模型价格 中为它定价。',
};

export const modelFetchEn: typeof modelFetchZh = {
  fetch: 'Fetch models',
  title: "The upstream's models",
  searchPlaceholder: 'Search models',
  selectAll: 'Select all',
  selectNone: 'Select none',
  counts: '{{selected}} of {{total}} selected',
  matching: ' ({{shown}} shown)',
  empty: 'The upstream lists no models',
  noMatch: 'No model matches',
  confirm: 'Use selected models',
  cancel: 'Cancel',
  help: "Ticked models join the channel's model list and unticked ones leave it; models the upstream does not list stay as they are.",
  unpriced: 'no price',
  unpricedHint: 'This model has no price yet, so requests for it are refused: set one in Settings → Operation settings → Model prices.',
};

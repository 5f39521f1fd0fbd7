/** Texts of the redemption code list and form. */
const zh = {
  searchPlaceholder: '搜索兑换码的 ID 和名称 ...',
  add: '添加新的兑换码',
  id: 'ID',
  name: '名称',
  status: '状态',
  quota: '额度',
  createdTime: '创建时间',
  redeemedTime: '兑换时间',
  notRedeemed: '尚未兑换',
  statuses: {
    unused: '未使用',
    disabled: '已禁用',
    used: '已使用',
    unknown: '未知状态',
  },
  deleteConfirm: '确认删除兑换码 {{name}}',
  form: {
    namePlaceholder: '请输入名称',
    quota: '额度',
    quotaPlaceholder: '请输入单个兑换码中包含的额度',
    quotaDisplay: '相当于 {{value}}',
    count: '生成数量',
    countPlaceholder: '请输入生成数量',
    cancel: '取消',
    created: '兑换码创建成功！',
    updated: '兑换码更新成功！',
  },
};

const en: typeof zh = {
  searchPlaceholder: 'Search redemption codes by ID and name ...',
  add: 'Add redemption codes',
  id: 'ID',
  name: 'Name',
  status: 'Status',
  quota: 'Quota',
  createdTime: 'Created',
  redeemedTime: 'Redeemed',
  notRedeemed: 'Not redeemed yet',
  statuses: {
    unused: 'Unused',
    disabled: 'Disabled',
    used: 'Used',
    unknown: 'Unknown status',
  },
  deleteConfirm: 'Delete redemption code {{name}}',
  form: {
    namePlaceholder: 'Enter a name',
    quota: 'Quota',
    quotaPlaceholder: 'Quota contained in each code',
    quotaDisplay: 'Equals {{value}}',
    count: 'Number of codes',
    countPlaceholder: 'How many codes to generate',
    cancel: 'Cancel',
    created: 'Redemption codes created!',
    updated: 'Redemption code updated!',
  },
};

export const redemptionsI18n = { zh, en };

/** Texts shared by the list screens (tokens, redemption codes, logs). */
const zh = {
  actions: '操作',
  refresh: '刷新',
  edit: '编辑',
  delete: '删除',
  enable: '启用',
  disable: '禁用',
  cancel: '取消',
  copy: '复制',
  copied: '已复制到剪贴板！',
  operationDone: '操作成功完成！',
  none: '无',
};

const en: typeof zh = {
  actions: 'Actions',
  refresh: 'Refresh',
  edit: 'Edit',
  delete: 'Delete',
  enable: 'Enable',
  disable: 'Disable',
  cancel: 'Cancel',
  copy: 'Copy',
  copied: 'Copied to the clipboard!',
  operationDone: 'Operation completed successfully!',
  none: 'None',
};

export const listKitI18n = { zh, en };

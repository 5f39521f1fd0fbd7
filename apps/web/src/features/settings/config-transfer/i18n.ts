/** Texts of the configuration export / import card (root only). */
const zh = {
  tab: '配置导入导出',
  title: '导出 / 导入配置',
  intro: '渠道、价格与倍率、分组、选项和用户额度作为一个 JSON 或 YAML 文档。渠道按名称和类型匹配；文档中出现的部分会被导入，未出现的部分保持不变。',
  includeKeys: '包含密钥',
  keysWarning: '导出的文档将包含所有渠道密钥和机密选项的明文：任何读到它的人都可以消耗你的服务商账户，请像密码一样保管。',
  export: '导出',
  exported: '已导出 {{file}}',
  documentLabel: '要导入的文档（JSON 或 YAML）',
  chooseFile: '选择文件',
  preview: '预览变更（试运行）',
  apply: '应用导入',
  applied: '配置已导入',
  nothingToChange: '没有需要变更的内容',
  diffTitle: '变更预览（尚未写入）',
  summary: '新增 {{added}}，修改 {{changed}}，删除 {{removed}}',
  sections: { channels: '渠道', prices: '价格与倍率', groups: '分组', options: '选项', users: '用户额度' },
};

const en: typeof zh = {
  tab: 'Configuration',
  title: 'Export / import configuration',
  intro: 'Channels, prices and ratios, groups, options and users’ quotas as one JSON or YAML document. Channels are matched by name and type; each section present in a document is imported, an absent one is left as it is.',
  includeKeys: 'Include keys',
  keysWarning: 'The document will contain every channel key and secret option in clear text: anyone who reads it can spend on your provider accounts. Keep it like a password.',
  export: 'Export',
  exported: 'Exported {{file}}',
  documentLabel: 'Document to import (JSON or YAML)',
  chooseFile: 'Choose a file',
  preview: 'Preview changes (dry run)',
  apply: 'Apply the import',
  applied: 'Configuration imported',
  nothingToChange: 'Nothing to change',
  diffTitle: 'Changes (not written yet)',
  summary: '{{added}} added, {{changed}} changed, {{removed}} removed',
  sections: { channels: 'Channels', prices: 'Prices and ratios', groups: 'Groups', options: 'Options', users: 'Users’ quotas' },
};

export const configTransferMessages = { zh, en };

import { configTransferMessages } from './config-transfer/i18n';
import { operationMessages } from './operation/i18n';
import { fallbackEditorMessages } from './operation/fallbacks/fallback-i18n';
import { pricesMessages } from './operation/prices-i18n';
import { priceSourceMessages } from './operation/price-source-i18n';
import { otherMessages } from './other/i18n';
import { systemMessages } from './system/i18n';

/** Texts of the operation, system and other settings tabs, wired into app/i18n as `adminSettings`. */
const zh = {
  saved: '操作成功完成！',
  operation: operationMessages.zh,
  prices: pricesMessages.zh,
  priceSource: priceSourceMessages.zh,
  fallbacks: fallbackEditorMessages.zh,
  system: systemMessages.zh,
  other: otherMessages.zh,
  configTransfer: configTransferMessages.zh,
};

const en: typeof zh = {
  saved: 'Operation completed successfully!',
  operation: operationMessages.en,
  prices: pricesMessages.en,
  priceSource: priceSourceMessages.en,
  fallbacks: fallbackEditorMessages.en,
  system: systemMessages.en,
  other: otherMessages.en,
  configTransfer: configTransferMessages.en,
};

export const adminSettingsMessages = { zh, en };

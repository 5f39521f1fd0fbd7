import { Anchor } from 'antd';
import { useTranslation } from 'react-i18next';

/** The operation tab's sections, top to bottom; each is wrapped in an element of id `sectionId(section)`. */
export const OPERATION_SECTIONS = ['general', 'log', 'monitor', 'breaker', 'quota', 'responseCache', 'prices', 'priceSource', 'ratio', 'tiers'] as const;
export type OperationSection = (typeof OPERATION_SECTIONS)[number];

export const sectionId = (section: OperationSection) => `operation-${section}`;

/** Below the sticky header (64 px), with room for the anchor bar itself. */
const HEADER_HEIGHT = 64;
const TARGET_OFFSET = HEADER_HEIGHT + 56;

/**
 * A bar of links to the operation tab's sections, kept in view as the page scrolls: the tab is several
 * screens long (prices, ratios, tiers), and an operator looking for one setting should not scroll for it.
 */
export function SectionAnchors() {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings' });
  const titles: Record<OperationSection, string> = {
    general: t('operation.general'),
    log: t('operation.log'),
    monitor: t('operation.monitor'),
    breaker: t('operation.breaker'),
    quota: t('operation.quota'),
    responseCache: t('operation.responseCache'),
    prices: t('operation.sectionPrices'),
    priceSource: t('priceSource.title'),
    ratio: t('operation.ratio'),
    tiers: t('prices.tiers'),
  };
  return (
    <div data-testid="operation-anchors">
      <Anchor
        direction="horizontal"
        offsetTop={HEADER_HEIGHT}
        targetOffset={TARGET_OFFSET}
        replace
        items={OPERATION_SECTIONS.map((section) => ({ key: section, href: `#${sectionId(section)}`, title: titles[section] }))}
      />
    </div>
  );
}

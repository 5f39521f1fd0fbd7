import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FALLBACK_CHAIN_MAX, FALLBACK_TRIGGERS } from '@tollgate/contract';
import { Button, Checkbox, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { withTrigger, type ChainRow } from './fallback-rows';
import type { RowPlace } from './fallback-problem';
import { ModelPicker } from './model-picker';

interface ChainRowEditorProps {
  group: string;
  row: ChainRow;
  /** Test ids end with the group's and the row's positions: `-0-1`. */
  at: string;
  onChange: (row: ChainRow) => void;
  onRemove: () => void;
  /** A problem of this row (a chain model's when `entry` is set), in the console's words. */
  problem?: { place: RowPlace; text: string };
}

/** Moves the item at `from` to `to` (a neighbour), the others keeping their order. */
function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** One rule: the model asked for, then its chain in order (each reordered, removed, or added to), then its triggers. */
export function ChainRowEditor({ group, row, at, onChange, onRemove, problem }: ChainRowEditorProps) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.fallbacks' });
  const setChain = (chain: string[]) => onChange({ ...row, chain });
  const entryInvalid = (entry: number) => problem?.place.entry === entry;
  return (
    <Flex vertical gap="small" data-testid={`fallback-row-${at}`} style={{ borderTop: '1px solid rgba(5,5,5,0.06)', paddingTop: 8, minWidth: 0 }}>
      <Flex wrap gap="small" align="center">
        <Typography.Text strong>{t('model')}</Typography.Text>
        <ModelPicker group={group} value={row.model} onChange={(model) => onChange({ ...row, model })} testId={`fallback-model-${at}`} invalid={problem !== undefined && problem.place.entry === undefined} />
        <Button icon={<DeleteOutlined />} onClick={onRemove} aria-label={t('removeRule')} title={t('removeRule')} data-testid={`fallback-row-remove-${at}`} />
      </Flex>
      <Typography.Text type="secondary">{t('chain')}</Typography.Text>
      <Flex vertical gap="small" style={{ paddingInlineStart: 12 }}>
        {row.chain.map((model, entry) => (
          <Flex key={entry} gap="small" align="center" style={{ minWidth: 0 }}>
            <Typography.Text type="secondary">{entry + 1}.</Typography.Text>
            <ModelPicker group={group} value={model} onChange={(next) => setChain(row.chain.map((old, index) => (index === entry ? next : old)))} testId={`fallback-chain-${at}-${entry}`} invalid={entryInvalid(entry)} exclude={[row.model, ...row.chain]} />
            <Button size="small" icon={<ArrowUpOutlined />} disabled={entry === 0} onClick={() => setChain(moved(row.chain, entry, entry - 1))} aria-label={t('moveUp')} title={t('moveUp')} data-testid={`fallback-up-${at}-${entry}`} />
            <Button size="small" icon={<ArrowDownOutlined />} disabled={entry === row.chain.length - 1} onClick={() => setChain(moved(row.chain, entry, entry + 1))} aria-label={t('moveDown')} title={t('moveDown')} data-testid={`fallback-down-${at}-${entry}`} />
            <Button size="small" icon={<CloseOutlined />} onClick={() => setChain(row.chain.filter((_, index) => index !== entry))} aria-label={t('removeChainModel')} title={t('removeChainModel')} data-testid={`fallback-chain-remove-${at}-${entry}`} />
          </Flex>
        ))}
        <Button icon={<PlusOutlined />} disabled={row.chain.length >= FALLBACK_CHAIN_MAX} onClick={() => setChain([...row.chain, ''])} style={{ alignSelf: 'flex-start' }} data-testid={`fallback-chain-add-${at}`}>
          {t('addChainModel')}
        </Button>
      </Flex>
      <Flex wrap gap="small" align="center">
        <Typography.Text type="secondary">{t('triggers')}</Typography.Text>
        {FALLBACK_TRIGGERS.map((trigger) => (
          // Failure always sends a request on (listed or not), so its box is ticked and fixed.
          <Checkbox
            key={trigger}
            checked={trigger === 'failure' || row.on.includes(trigger)}
            disabled={trigger === 'failure'}
            onChange={(event) => onChange({ ...row, on: withTrigger(row.on, trigger, event.target.checked) })}
            data-testid={`fallback-on-${at}-${trigger}`}
          >
            {t(`trigger.${trigger}`)}
          </Checkbox>
        ))}
      </Flex>
      {problem && (
        <Typography.Text type="danger" data-testid={`fallback-problem-${at}`}>
          {problem.text}
        </Typography.Text>
      )}
    </Flex>
  );
}

import { useMemo, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty, Flex, Input, Modal, Typography } from 'antd';
import type { FetchedModel } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { UnpricedTag } from './unpriced-tag';

interface UpstreamModelsDialogProps {
  /** The upstream's list; the dialog is open while there is one. */
  models: readonly FetchedModel[] | undefined;
  /** The form's models now: those the upstream lists start ticked. */
  selected: readonly string[];
  onConfirm: (models: string[]) => void;
  onClose: () => void;
}

/**
 * The upstream's models to pick from, each unpriced one marked. Ticked models join the form's list and
 * unticked ones leave it; a form model the upstream does not list (a custom name, an alias) is kept.
 */
export function UpstreamModelsDialog({ models, selected, onConfirm, onClose }: UpstreamModelsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={models !== undefined} title={t('channels.modelFetch.title')} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      {models && <ModelChecklist models={models} selected={selected} onConfirm={onConfirm} onClose={onClose} />}
    </Modal>
  );
}

function ModelChecklist({ models, selected, onConfirm, onClose }: UpstreamModelsDialogProps & { models: readonly FetchedModel[] }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [ticked, setTicked] = useState(() => new Set(models.map((model) => model.id).filter((id) => selected.includes(id))));
  const needle = search.trim().toLowerCase();
  const shown = useMemo(() => models.filter((model) => model.id.toLowerCase().includes(needle)), [models, needle]);

  const tick = (ids: readonly string[], on: boolean) =>
    setTicked((before) => {
      const next = new Set(before);
      ids.forEach((id) => (on ? next.add(id) : next.delete(id)));
      return next;
    });
  const confirm = () => {
    const listed = new Set(models.map((model) => model.id));
    const kept = selected.filter((model) => !listed.has(model) || ticked.has(model));
    onConfirm([...kept, ...models.map((model) => model.id).filter((id) => ticked.has(id) && !kept.includes(id))]);
  };
  const visibleIds = shown.map((model) => model.id);

  return (
    <Flex vertical gap="small" data-testid="upstream-models">
      <Typography.Text type="secondary">{t('channels.modelFetch.help')}</Typography.Text>
      <Input allowClear prefix={<SearchOutlined />} value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t('channels.modelFetch.searchPlaceholder')} data-testid="upstream-models-search" />
      <Flex gap="small" align="center" wrap>
        <Button size="small" onClick={() => tick(visibleIds, true)} data-testid="upstream-models-all">
          {t('channels.modelFetch.selectAll')}
        </Button>
        <Button size="small" onClick={() => tick(visibleIds, false)} data-testid="upstream-models-none">
          {t('channels.modelFetch.selectNone')}
        </Button>
        <Typography.Text data-testid="upstream-models-counts">
          {t('channels.modelFetch.counts', { selected: ticked.size, total: models.length })}
          {needle !== '' && t('channels.modelFetch.matching', { shown: shown.length })}
        </Typography.Text>
      </Flex>
      <div style={{ maxHeight: 360, overflowY: 'auto' }}>
        {shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={models.length === 0 ? t('channels.modelFetch.empty') : t('channels.modelFetch.noMatch')} />
        ) : (
          <Flex vertical gap={4}>
            {shown.map((model) => (
              <Checkbox key={model.id} checked={ticked.has(model.id)} onChange={(event) => tick([model.id], event.target.checked)}>
                <span data-testid={`upstream-model-${model.id}`}>
                  {model.id}
                  {!model.priced && <UnpricedTag />}
                </span>
              </Checkbox>
            ))}
          </Flex>
        )}
      </div>
      <Flex gap="small" justify="end">
        <Button onClick={onClose}>{t('channels.modelFetch.cancel')}</Button>
        <Button type="primary" onClick={confirm} data-testid="upstream-models-confirm">
          {t('channels.modelFetch.confirm')}
        </Button>
      </Flex>
    </Flex>
  );
}

import { useState } from 'react';
import type { ChannelView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/list-kit/list-page';
import { usePagedTable } from '@/components/list-kit/use-paged-table';
import { channelsKey, listChannels, searchChannels } from './api/channel-list';
import { useModelsByType } from './api/channel-models';
import { useChannelColumns } from './components/channel-columns';
import { ChannelListFooter } from './components/channel-list-footer';
import { ChannelTestHint } from './components/channel-test-hint';
import { useChannelRowHandlers } from './components/use-channel-row-handlers';
import { useDetailToggle } from './use-detail-toggle';

/** /channel: the upstream channels, with tests, balances and quick status and priority changes. */
export function ChannelListPage() {
  const { t } = useTranslation();
  const [showDetail, setShowDetail] = useDetailToggle();
  const [testModels, setTestModels] = useState<Record<number, string>>({});
  // Loaded here too, so the form's "fill type models" works from the cache at once.
  useModelsByType();
  const table = usePagedTable<ChannelView>({ queryKey: [...channelsKey, 'list'], fetchPage: listChannels, search: searchChannels });
  const columns = useChannelColumns({
    handlers: useChannelRowHandlers(table.list),
    showDetail,
    testModelOf: (id) => testModels[id] ?? '',
    setTestModel: (id, model) => setTestModels((current) => ({ ...current, [id]: model })),
  });

  return (
    <ListPage
      name="channel"
      title={t('pages.channelList')}
      table={table}
      columns={columns}
      searchPlaceholder={t('channels.searchPlaceholder')}
      notice={<ChannelTestHint />}
      actions={<ChannelListFooter showDetail={showDetail} onShowDetail={setShowDetail} onRefresh={() => void table.refresh()} />}
    />
  );
}

import { useState } from 'react';
import { Flex, Typography } from 'antd';
import type { ChannelView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/list-kit/paged-table';
import { SearchBox } from '@/components/list-kit/search-box';
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
  const [keyword, setKeyword] = useState('');
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
    <Flex vertical gap="middle" data-testid="channel-list-page">
      <Typography.Title level={3}>{t('pages.channelList')}</Typography.Title>
      <SearchBox
        value={keyword}
        onChange={setKeyword}
        onSearch={table.list.searchFor}
        placeholder={t('channels.searchPlaceholder')}
        loading={table.list.isFetching}
        testId="channel-search"
      />
      <ChannelTestHint />
      <PagedTable
        table={table}
        columns={columns}
        testId="channel-table"
        footer={<ChannelListFooter showDetail={showDetail} onShowDetail={setShowDetail} onRefresh={() => void table.refresh()} />}
      />
    </Flex>
  );
}

import { Button, Space, type TableColumnsType } from 'antd';
import { NEVER_EXPIRES, TokenStatus, type Token } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteButton } from '@/components/list-kit/delete-button';
import { renderQuota } from '@/lib/format/quota';
import { formatTimestamp } from '@/lib/format/time';
import type { ChatTarget } from '../chat-links';
import { TokenKeyActions } from './token-key-actions';
import { TokenStatusTag } from './token-status-tag';

export interface TokenRowHandlers {
  copy: (token: Token, target: ChatTarget | undefined) => void;
  openChat: (token: Token, target: ChatTarget) => void;
  toggle: (token: Token) => void;
  remove: (token: Token) => void;
}

/** The token table's columns; every data column sorts the loaded rows by its field. */
export function useTokenColumns(handlers: TokenRowHandlers): TableColumnsType<Token> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return [
    { key: 'name', title: t('tokens.name'), sorter: true, render: (_, token) => token.name || t('listKit.none') },
    { key: 'status', title: t('tokens.status'), sorter: true, render: (_, token) => <TokenStatusTag status={token.status} /> },
    { key: 'used_quota', title: t('tokens.usedQuota'), sorter: true, render: (_, token) => renderQuota(token.used_quota) },
    {
      key: 'remain_quota',
      title: t('tokens.remainQuota'),
      sorter: true,
      render: (_, token) => (token.unlimited_quota ? t('tokens.unlimited') : renderQuota(token.remain_quota, 2)),
    },
    { key: 'created_time', title: t('tokens.createdTime'), sorter: true, render: (_, token) => formatTimestamp(token.created_time) },
    {
      key: 'expired_time',
      title: t('tokens.expiredTime'),
      sorter: true,
      render: (_, token) => (token.expired_time === NEVER_EXPIRES ? t('tokens.neverExpires') : formatTimestamp(token.expired_time)),
    },
    {
      key: 'actions',
      title: t('listKit.actions'),
      render: (_, token) => {
        const testId = `token-${token.id}`;
        return (
          <Space wrap size="small">
            <TokenKeyActions onCopy={(target) => handlers.copy(token, target)} onOpenChat={(target) => handlers.openChat(token, target)} testId={testId} />
            <DeleteButton confirmText={t('tokens.deleteConfirm', { name: token.name })} onConfirm={() => handlers.remove(token)} testId={`${testId}-delete`} />
            <Button size="small" onClick={() => handlers.toggle(token)} data-testid={`${testId}-toggle`}>
              {token.status === TokenStatus.Enabled ? t('listKit.disable') : t('listKit.enable')}
            </Button>
            <Button size="small" onClick={() => void navigate(`/token/edit/${token.id}`)} data-testid={`${testId}-edit`}>
              {t('listKit.edit')}
            </Button>
          </Space>
        );
      },
    },
  ];
}

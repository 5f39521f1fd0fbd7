import { useState } from 'react';
import { Button, Flex, Input, Spin, Tag, Typography } from 'antd';
import type { PasskeyView } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '@/app/toasts/toast';
import { formatTimestamp } from '@/lib/format/time';
import { canUsePasskeys } from '@/lib/webauthn';
import { useTwoFactorStatus } from '../two-factor/api/two-factor';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey, type ProofInput } from './api/passkeys';
import { ProofPrompt } from './proof-prompt';

type Action = { kind: 'add' } | { kind: 'remove'; id: number } | undefined;

/** One passkey: its name (click to rename), whether it syncs, when added and last used, and Remove. */
function PasskeyRow({ row, onRename, onRemove }: { row: PasskeyView; onRename: (row: PasskeyView, name: string) => void; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" align="center" gap="small" wrap style={{ border: '1px solid rgba(5, 5, 5, 0.06)', borderRadius: 8, padding: '8px 16px' }} data-testid="passkey-row">
      <Flex vertical gap={2}>
        <Flex gap="small" align="center">
          <Typography.Text strong editable={{ onChange: (value) => onRename(row, value), maxLength: 64 }} data-testid="passkey-name">
            {row.name}
          </Typography.Text>
          {row.backed_up && <Tag>{t('passkeys.synced')}</Tag>}
        </Flex>
        <Typography.Text type="secondary">
          {t('passkeys.createdAt')}: {formatTimestamp(row.created_at)} · {t('passkeys.lastUsedAt')}: {row.last_used_at ? formatTimestamp(row.last_used_at) : t('passkeys.never')}
        </Typography.Text>
      </Flex>
      <Button danger size="small" onClick={onRemove} data-testid="passkey-remove">
        {t('passkeys.remove')}
      </Button>
    </Flex>
  );
}

/** Personal settings: the account's passkeys (name, added, last used), to add, rename and remove. */
export function PasskeysCard() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const status = useTwoFactorStatus();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [action, setAction] = useState<Action>();
  const [name, setName] = useState('');
  // Anything but a list (a test double, a server without passkeys) reads as none rather than breaking the page.
  const rows = passkeys.data && (Array.isArray(passkeys.data) ? passkeys.data : []);
  const supported = canUsePasskeys();
  const proofProps = { hasTotp: status.data?.enabled ?? false, hasPasskeys: (rows?.length ?? 0) > 0, onCancel: () => setAction(undefined) };

  const onAdd = (proof: ProofInput) =>
    add.mutate(
      { proof, name: name.trim() || t('passkeys.defaultName') },
      {
        onSuccess: () => {
          showSuccess(t('passkeys.added'));
          setAction(undefined);
          setName('');
        },
      },
    );
  const onRemove = (id: number, proof: ProofInput) =>
    remove.mutate(
      { id, proof },
      {
        onSuccess: () => {
          showSuccess(t('passkeys.removed'));
          setAction(undefined);
        },
      },
    );
  const onRename = (row: PasskeyView, value: string) => {
    if (value.trim() && value.trim() !== row.name) rename.mutate({ id: row.id, name: value.trim() }, { onSuccess: () => showSuccess(t('passkeys.renamed')) });
  };

  return (
    <Flex vertical gap="middle" id="passkeys" data-testid="passkeys-card">
      <Typography.Title level={4}>{t('passkeys.title')}</Typography.Title>
      <Typography.Text type="secondary">{t('passkeys.intro')}</Typography.Text>
      {!supported && <Typography.Text type="warning">{t('passkeys.unsupported')}</Typography.Text>}
      {!rows ? <Spin /> : rows.length === 0 ? <Typography.Text type="secondary">{t('passkeys.none')}</Typography.Text> : rows.map((row) => <PasskeyRow key={row.id} row={row} onRename={onRename} onRemove={() => setAction({ kind: 'remove', id: row.id })} />)}
      {rows && supported && !action && (
        <Button type="primary" style={{ alignSelf: 'flex-start' }} onClick={() => setAction({ kind: 'add' })} data-testid="passkey-add">
          {t('passkeys.add')}
        </Button>
      )}
      {action?.kind === 'add' && (
        <ProofPrompt {...proofProps} pending={add.isPending} onProof={onAdd} testId="passkey-add-prompt">
          <Input style={{ maxWidth: 280 }} value={name} onChange={(event) => setName(event.target.value)} placeholder={t('passkeys.namePlaceholder')} maxLength={64} data-testid="passkey-add-name" />
        </ProofPrompt>
      )}
      {action?.kind === 'remove' && <ProofPrompt {...proofProps} pending={remove.isPending} onProof={(proof) => onRemove(action.id, proof)} testId="passkey-remove-prompt" />}
    </Flex>
  );
}

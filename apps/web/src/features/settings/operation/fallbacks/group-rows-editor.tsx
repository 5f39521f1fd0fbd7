import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { EVERY_GROUP } from '@tollgate/contract';
import { AutoComplete, Button, Card, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGroups } from '@/lib/api/use-groups';
import { ChainRowEditor } from './chain-row-editor';
import type { ChainRow, GroupRows } from './fallback-rows';
import type { RowPlace } from './fallback-problem';

interface GroupRowsEditorProps {
  value: GroupRows;
  /** The group's position, which its test ids end with. */
  index: number;
  onChange: (value: GroupRows) => void;
  onRemove: () => void;
  /** A problem in this group, in the console's words. */
  problem?: { place: RowPlace; text: string };
}

/** A new rule: a model to pick, and one chain model to pick. */
export const NEW_ROW: ChainRow = { model: '', chain: [''], on: [] };

/** A group (picked from the group names, `*`, or typed) and the rules of the models asked for in it. */
export function GroupRowsEditor({ value, index, onChange, onRemove, problem }: GroupRowsEditorProps) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.fallbacks' });
  const groups = useGroups();
  const groupOptions = [{ value: EVERY_GROUP, label: t('everyGroup') }, ...(groups.data ?? []).map((name) => ({ value: name }))];
  const setRow = (at: number, row: ChainRow) => onChange({ ...value, rows: value.rows.map((old, position) => (position === at ? row : old)) });
  const groupProblem = problem?.place.row === undefined ? problem : undefined;
  return (
    <Card size="small" data-testid={`fallback-group-${index}`} styles={{ body: { display: 'flex', flexDirection: 'column', gap: 8 } }}>
      <Flex wrap gap="small" align="center">
        <Typography.Text strong>{t('group')}</Typography.Text>
        <AutoComplete value={value.group} options={groupOptions} onChange={(group: string) => onChange({ ...value, group })} style={{ flex: '1 1 160px', minWidth: 0 }}>
          <Input data-testid={`fallback-group-name-${index}`} placeholder={t('groupPlaceholder')} status={groupProblem ? 'error' : undefined} autoComplete="off" />
        </AutoComplete>
        <Button icon={<DeleteOutlined />} onClick={onRemove} aria-label={t('removeGroup')} title={t('removeGroup')} data-testid={`fallback-group-remove-${index}`} />
      </Flex>
      {groupProblem && (
        <Typography.Text type="danger" data-testid={`fallback-problem-${index}`}>
          {groupProblem.text}
        </Typography.Text>
      )}
      {value.rows.map((row, at) => (
        <ChainRowEditor
          key={at}
          group={value.group}
          row={row}
          at={`${index}-${at}`}
          onChange={(next) => setRow(at, next)}
          onRemove={() => onChange({ ...value, rows: value.rows.filter((_, position) => position !== at) })}
          problem={problem?.place.row === at ? problem : undefined}
        />
      ))}
      <Button icon={<PlusOutlined />} onClick={() => onChange({ ...value, rows: [...value.rows, NEW_ROW] })} style={{ alignSelf: 'flex-start' }} data-testid={`fallback-row-add-${index}`}>
        {t('addRule')}
      </Button>
    </Card>
  );
}

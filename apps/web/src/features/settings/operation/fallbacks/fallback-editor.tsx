import { useEffect, useState, type ChangeEvent, type RefObject } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { EVERY_GROUP } from '@tollgate/contract';
import { Button, Flex, Input, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { catalogText } from '@/app/i18n/catalog-text';
import { groupsFromJson, groupsToJson, type GroupRows } from './fallback-rows';
import { placeOf, rowsProblem, type RowPlace, type RowsProblem } from './fallback-problem';
import { GroupRowsEditor, NEW_ROW } from './group-rows-editor';

/** A save the server refused, naming the field (`ModelFallbacks.<group>.<model>.chain.0`). */
export interface FallbackRefusal {
  field: string;
  message: string;
}

interface FallbackEditorProps {
  /** The ModelFallbacks JSON text and its change handler, handed over by the form. */
  value?: string;
  onChange?: (text: string) => void;
  placeholder: string;
  /** Where the editor leaves the problem its rows have, in words, for the section to refuse a save with. */
  problemRef: RefObject<string | undefined>;
  /** The server's refusal of the last save, shown on the row it names until the next edit. */
  refused?: FallbackRefusal;
  onEdited: () => void;
}

/**
 * The ModelFallbacks option as a form (per group, rows of a model and its ordered chain, triggers as boxes), or as
 * its JSON text for those who would rather type it; either way the form's value is the JSON text. A refusal is
 * shown on the row, chain model or group it is about, as it is typed.
 */
export function FallbackEditor({ value = '', onChange, placeholder, problemRef, refused, onEdited }: FallbackEditorProps) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.fallbacks' });
  const [groups, setGroups] = useState<GroupRows[]>(() => groupsFromJson(value) ?? []);
  const [asJson, setAsJson] = useState(() => groupsFromJson(value) === undefined);
  // The text the rows stand for: a value the form sets otherwise (a save clearing to '{}') is read into them.
  const [rowsText, setRowsText] = useState(value);
  const [switchRefused, setSwitchRefused] = useState<string>();
  if (!asJson && value !== rowsText) {
    setRowsText(value);
    setGroups(groupsFromJson(value) ?? []);
  }

  const found: RowsProblem | undefined = asJson ? undefined : rowsProblem(groups);
  const foundText = found && ('refusal' in found ? t(found.refusal) : catalogText(found.message));
  useEffect(() => {
    problemRef.current = foundText;
  }, [foundText, problemRef]);
  const refusedPlace = refused && !asJson ? placeOf(groups, refused.field) : undefined;
  const shown: { place: RowPlace; text: string } | undefined = found && foundText ? { place: found.place, text: foundText } : refused && refusedPlace ? { place: refusedPlace, text: refused.message } : undefined;

  const update = (next: GroupRows[]) => {
    const text = groupsToJson(next);
    setGroups(next);
    setRowsText(text);
    onChange?.(text);
    onEdited();
  };

  // From JSON to rows only when the rows can hold it; from rows to JSON only when JSON can hold them (no name twice).
  const toggle = (json: boolean) => {
    if (json) {
      if (found && 'refusal' in found) return setSwitchRefused(t('fixRowsFirst', { problem: foundText }));
    } else {
      const parsed = groupsFromJson(value);
      if (!parsed) return setSwitchRefused(t('notRows', { problem: value }));
      setGroups(parsed);
      setRowsText(value);
    }
    setSwitchRefused(undefined);
    setAsJson(json);
  };

  return (
    <Flex vertical gap="small" style={{ minWidth: 0 }}>
      <Flex gap="small" align="center">
        <Switch checked={asJson} onChange={toggle} data-testid="fallback-json-toggle" />
        <Typography.Text>{t('editAsJson')}</Typography.Text>
      </Flex>
      {switchRefused && (
        <Typography.Text type="danger" data-testid="fallback-switch-refused">
          {switchRefused}
        </Typography.Text>
      )}
      {asJson ? (
        <Input.TextArea
          name="ModelFallbacks"
          value={value}
          onChange={(event: ChangeEvent<HTMLTextAreaElement>) => {
            onChange?.(event.target.value);
            onEdited();
          }}
          placeholder={placeholder}
          autoSize={{ minRows: 4, maxRows: 16 }}
          style={{ fontFamily: 'monospace' }}
          data-testid="option-ModelFallbacks"
        />
      ) : (
        <>
          {groups.length === 0 && <Typography.Text type="secondary">{t('none')}</Typography.Text>}
          {groups.map((group, index) => (
            <GroupRowsEditor
              key={index}
              index={index}
              value={group}
              onChange={(next) => update(groups.map((old, at) => (at === index ? next : old)))}
              onRemove={() => update(groups.filter((_, at) => at !== index))}
              problem={shown?.place.group === index ? shown : undefined}
            />
          ))}
          <Button icon={<PlusOutlined />} onClick={() => update([...groups, { group: groups.length === 0 ? EVERY_GROUP : '', rows: [NEW_ROW] }])} style={{ alignSelf: 'flex-start' }} data-testid="fallback-group-add">
            {t('addGroup')}
          </Button>
        </>
      )}
    </Flex>
  );
}

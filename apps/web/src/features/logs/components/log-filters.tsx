import { useState } from 'react';
import { Button, Col, Form, Grid, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LogFilterInputs } from '../log-query';
import { LOG_TYPES } from './log-type-tag';

interface LogFiltersProps {
  inputs: LogFilterInputs;
  onChange: (inputs: LogFilterInputs) => void;
  type: number;
  onTypeChange: (type: number) => void;
  onQuery: () => void;
  admin: boolean;
  querying: boolean;
}

type Field = { key: keyof LogFilterInputs; name: string; label: 'tokenName' | 'modelName' | 'startTime' | 'endTime' | 'channel' | 'username' };

const COMMON_FIELDS: Field[] = [
  { key: 'tokenName', name: 'token_name', label: 'tokenName' },
  { key: 'modelName', name: 'model_name', label: 'modelName' },
  { key: 'start', name: 'start_timestamp', label: 'startTime' },
  { key: 'end', name: 'end_timestamp', label: 'endTime' },
];
const ADMIN_FIELDS: Field[] = [
  { key: 'channel', name: 'channel', label: 'channel' },
  { key: 'username', name: 'username', label: 'username' },
];

/**
 * The log filters: applied by the query button; a type change applies at once (as in one-api). On a phone the
 * text fields fold under "more filters", so the list is on the first screen; what they hold is kept folded.
 */
export function LogFilters({ inputs, onChange, type, onTypeChange, onQuery, admin, querying }: LogFiltersProps) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().md === false;
  const [unfolded, setUnfolded] = useState(false);
  const folded = phone && !unfolded;
  const fields = folded ? [] : admin ? [...COMMON_FIELDS, ...ADMIN_FIELDS] : COMMON_FIELDS;
  const typeOptions = LOG_TYPES.map((entry) => ({ value: entry.value, label: t(`logs.types.${entry.text}`) }));

  return (
    <Form layout="vertical" onFinish={onQuery} data-testid="log-filters">
      <Row gutter={[12, 0]} align="bottom">
        {fields.map((field) => (
          <Col key={field.key} xs={24} sm={12} lg={6}>
            <Form.Item label={t(`logs.filters.${field.label}`)}>
              <Input
                name={field.name}
                value={inputs[field.key]}
                onChange={(event) => onChange({ ...inputs, [field.key]: event.target.value })}
                placeholder={field.key === 'start' || field.key === 'end' ? 'YYYY-MM-DD HH:mm:ss' : t('logs.filters.optional')}
              />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} sm={12} lg={6}>
          <Form.Item label={t('logs.filters.type')}>
            <Select<number> value={type} options={typeOptions} onChange={onTypeChange} data-testid="log-type" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={querying} data-testid="log-query">
              {t('logs.filters.query')}
            </Button>
            {phone && (
              <Button type="link" onClick={() => setUnfolded(!unfolded)} data-testid="log-filters-fold">
                {t(folded ? 'logs.filters.more' : 'logs.filters.fewer')}
              </Button>
            )}
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

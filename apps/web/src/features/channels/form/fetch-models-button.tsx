import { useState } from 'react';
import { Button, Form } from 'antd';
import type { FetchedModel } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useFetchUpstreamModels } from '../api/upstream-models';
import { toChannelPayload } from './channel-form-rules';
import type { ChannelFormValues } from './channel-form-values';
import { UpstreamModelsDialog } from './upstream-models-dialog';

/**
 * Asks the upstream for its model list with the form's current values (as saving would send them; an edited
 * channel's blank key is the stored one) and lets the operator pick from it. A refusal is shown by the common
 * error handler, in the server's words (the upstream's status and message).
 */
export function FetchModelsButton({ channelId, onPicked }: { channelId?: number; onPicked: (models: string[]) => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ChannelFormValues>();
  const fetchModels = useFetchUpstreamModels();
  const [listed, setListed] = useState<FetchedModel[]>();
  const [selected, setSelected] = useState<string[]>([]);

  const ask = () => {
    const values = form.getFieldsValue(true) as ChannelFormValues;
    const { type, key, base_url, other, config } = toChannelPayload(values);
    fetchModels.mutate(
      { type: type ?? values.type, key: key ?? '', base_url, other, config, ...(channelId === undefined ? {} : { id: channelId }) },
      {
        onSuccess: (answer) => {
          setSelected(values.models);
          setListed(answer.models);
        },
      },
    );
  };
  const confirm = (models: string[]) => {
    onPicked(models);
    setListed(undefined);
  };

  return (
    <>
      <Button onClick={ask} loading={fetchModels.isPending} data-testid="channel-fetch-models">
        {t('channels.modelFetch.fetch')}
      </Button>
      <UpstreamModelsDialog models={listed} selected={selected} onConfirm={confirm} onClose={() => setListed(undefined)} />
    </>
  );
}

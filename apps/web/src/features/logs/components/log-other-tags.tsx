import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatRatio, type FallbackStepView, type TokenKindLine } from '../log-other';

// Separate pieces rather than one component, so the details cell's Space spaces each of them and gets no
// empty item for rows without `other` (those must look as before).

/** The protocol the client spoke. */
export function ProtocolTag({ label }: { label: string }) {
  return (
    <Tag color="geekblue" data-testid="log-protocol">
      {label}
    </Tag>
  );
}

/** The request went upstream in the client's own protocol, unconverted. */
export function PassthroughTag() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('logs.other.passthroughHint')}>
      <Tag color="gold" data-testid="log-passthrough">
        {t('logs.other.passthrough')}
      </Tag>
    </Tooltip>
  );
}

/** The answer was cut short: by the upstream (the client got an error, not a whole answer) or by the client. */
export function InterruptedTag({ by }: { by: 'upstream' | 'client' }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(`logs.other.interruptedBy.${by}`)}>
      <Tag color="red" data-testid="log-interrupted">
        {t('logs.other.interrupted')}
      </Tag>
    </Tooltip>
  );
}

/** Cache read, cache write or reasoning tokens, with the ratio (to an input token) they were charged at. */
export function TokenKindText({ line }: { line: TokenKindLine }) {
  const { t } = useTranslation();
  const kind = t(`logs.other.${line.kind}`);
  return (
    <Typography.Text type="secondary" data-testid={`log-${line.kind}`}>
      {line.ratio === undefined ? t('logs.other.tokens', { kind, tokens: line.tokens }) : t('logs.other.tokensAt', { kind, tokens: line.tokens, ratio: formatRatio(line.ratio) })}
    </Typography.Text>
  );
}

/** What the conversion left out of the request, named in a tooltip (the same names as the x-tollgate-dropped header). */
export function DroppedTag({ names }: { names: string[] }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('logs.other.droppedHint', { names: names.join(', ') })}>
      <Tag color="orange" data-testid="log-dropped">
        {t('logs.other.dropped', { count: names.length })}
      </Tag>
    </Tooltip>
  );
}

/** An error log's status, the one its client was answered with. */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('logs.other.statusHint')}>
      <Tag color="red" data-testid="log-status">
        {t('logs.other.status', { status })}
      </Tag>
    </Tooltip>
  );
}

/** An error log's channels in the order they were called, or that none was (a refusal before any call). */
export function ChannelChainTag({ channels }: { channels: number[] }) {
  const { t } = useTranslation();
  const none = channels.length === 0;
  return (
    <Tooltip title={t(none ? 'logs.other.noChannelHint' : 'logs.other.channelsHint')}>
      <Tag data-testid="log-channels">{none ? t('logs.other.noChannel') : t('logs.other.channels', { chain: channels.map((id) => `#${id}`).join(' → ') })}</Tag>
    </Tooltip>
  );
}

/**
 * The models a fallback chain went through: on a consume log, those that did not answer and then the one that
 * did (the row's model); on an error log, every model tried. Each step's channels and status are in the tooltip.
 */
export function FallbackTag({ steps, answered }: { steps: FallbackStepView[]; answered?: string }) {
  const { t } = useTranslation();
  const models = steps.map((step) => step.model);
  if (answered) models.push(answered);
  const tried = steps
    .map((step) => (step.skipped ? t('logs.other.fallbackSkipped', { model: step.model }) : t('logs.other.fallbackStep', { model: step.model, channels: step.channels.length > 0 ? step.channels.map((id) => `#${id}`).join(' → ') : '—', status: step.status })))
    .join('; ');
  return (
    <Tooltip title={t('logs.other.fallbackHint', { steps: tried })}>
      <Tag color="purple" data-testid="log-fallback">
        {t('logs.other.fallback', { chain: models.join(' → ') })}
      </Tag>
    </Tooltip>
  );
}

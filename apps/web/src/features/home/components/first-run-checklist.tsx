import { useState, type ReactNode } from 'react';
import { CheckCircleFilled, CloseOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography, theme } from 'antd';
import { isAdmin } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '@/app/session/use-current-user';
import { useStatus } from '@/app/status/status-context';
import { serverAddressOf } from '@/lib/gateway-address';
import { setPromptShown, shouldShowPrompt } from '@/lib/storage/prompt-flags';
import { useFirstRunFacts } from '../api/first-run-facts';
import { KEY_PLACEHOLDER } from '../first-run/client-snippets';
import { FIRST_RUN_STEPS, firstRunProgress, type FirstRunStep } from '../first-run/first-run-progress';
import { ClientSnippetTabs } from './client-snippet-tabs';

/** Dismissed like the other hints: a `prompt-` flag in this browser. */
const PROMPT = 'first-run';

/** Where each step is done; sending the request happens in a terminal. */
const ACTIONS = { channel: '/channel/add', key: '/token/add', log: '/log' } as const;
type StepWithAction = keyof typeof ACTIONS;
const hasAction = (step: FirstRunStep): step is StepWithAction => Object.hasOwn(ACTIONS, step);

/**
 * The administrator's first-run checklist on the home page: a channel, a key, a first request (snippets filled
 * with this server's address, the newest key and a served model), its log row. Gone once all are done, or
 * dismissed.
 */
export function FirstRunChecklist() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const user = useCurrentUser();
  const status = useStatus();
  const [dismissed, setDismissed] = useState(() => !shouldShowPrompt(PROMPT));
  const admin = isAdmin(user?.role);
  const facts = useFirstRunFacts(admin && !dismissed);
  if (!admin || dismissed || !facts) return null;
  const progress = firstRunProgress(facts);
  if (progress.allDone) return null;

  const dismiss = () => {
    setPromptShown(PROMPT);
    setDismissed(true);
  };
  const detail: Record<FirstRunStep, ReactNode> = {
    channel: t('firstRun.help.channel'),
    key: t('firstRun.help.key'),
    request:
      progress.done.channel && progress.done.key ? (
        <Flex vertical gap="small" style={{ minWidth: 0 }}>
          {t('firstRun.help.request')}
          <ClientSnippetTabs context={{ baseUrl: serverAddressOf(status.server_address, window.location.origin), key: progress.key ?? KEY_PLACEHOLDER, models: progress.models }} />
        </Flex>
      ) : (
        t('firstRun.help.requestLater')
      ),
    log: progress.done.key ? `${t('firstRun.help.log')} ${t('firstRun.help.logWaiting')}` : t('firstRun.help.log'),
  };

  return (
    <Card
      title={t('firstRun.title')}
      extra={<Button type="text" size="small" icon={<CloseOutlined />} onClick={dismiss} aria-label={t('firstRun.dismiss')} title={t('firstRun.dismiss')} data-testid="first-run-dismiss" />}
      data-testid="first-run-checklist"
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{t('firstRun.intro')}</Typography.Text>
        {FIRST_RUN_STEPS.map((step, index) => {
          const done = progress.done[step];
          return (
            <Flex key={step} gap="small" align="flex-start" data-testid={`first-run-step-${step}`} data-done={done}>
              <span style={{ width: 24, flex: 'none', textAlign: 'center', color: done ? token.colorSuccess : token.colorPrimary, fontWeight: 600 }}>
                {done ? <CheckCircleFilled aria-label={t('firstRun.done')} /> : index + 1}
              </span>
              <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text strong delete={done}>
                  {t(`firstRun.steps.${step}`)}
                </Typography.Text>
                {!done && <div style={{ color: token.colorTextSecondary }}>{detail[step]}</div>}
              </Flex>
              {hasAction(step) && !done && (
                <Link to={ACTIONS[step]} data-testid={`first-run-link-${step}`} style={{ flex: 'none' }}>
                  {t(`firstRun.actions.${step}`)}
                </Link>
              )}
            </Flex>
          );
        })}
      </Flex>
    </Card>
  );
}

import { useState } from 'react';
import { Button, Card, Col, Flex, Input, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/app/session/use-current-user';
import { useStatus } from '@/app/status/status-context';
import { showError } from '@/app/toasts/toast';
import { renderQuota } from '@/lib/format/quota';
import { useSelfQuota } from './api/topup-data';
import { buildTopUpUrl, randomTransactionId } from './topup-link';
import { useRedeemCode } from './use-redeem-code';

/** /topup: redeem a code, buy one on the external payment page, and see the remaining quota. */
export function TopUpPage() {
  const { t } = useTranslation();
  const status = useStatus();
  const user = useCurrentUser();
  const self = useSelfQuota();
  const { redeem, pending } = useRedeemCode();
  const [code, setCode] = useState('');

  const onRedeem = async () => {
    if (await redeem(code)) setCode('');
  };

  const openTopUpLink = () => {
    // The stored user is there on every guarded page; the fresh record is preferred once loaded.
    const buyer = self.data ?? user;
    if (!status.top_up_link) showError(t('topup.linkMissing'));
    else if (buyer) window.open(buildTopUpUrl(status.top_up_link, buyer, randomTransactionId(), window.location.origin), '_blank', 'noopener');
  };

  return (
    <Flex vertical gap="middle" data-testid="topup-page">
      <Typography.Title level={3}>{t('pages.topup')}</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card title={t('topup.redeemTitle')}>
            <Flex vertical gap="middle">
              <Statistic title={t('topup.remainQuota')} value={self.data ? renderQuota(self.data.quota) : '-'} loading={self.isPending} data-testid="topup-quota" />
              <Input
                name="redemption_code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                onPressEnter={() => void onRedeem()}
                placeholder={t('topup.codePlaceholder')}
                data-testid="topup-code"
              />
              <Button type="primary" loading={pending} onClick={() => void onRedeem()} data-testid="topup-redeem">
                {t('topup.redeem')}
              </Button>
            </Flex>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={t('topup.buyTitle')}>
            <Flex vertical gap="middle" align="flex-start">
              <Typography.Text type="secondary">{t('topup.buyHint')}</Typography.Text>
              <Button onClick={openTopUpLink} data-testid="topup-buy">
                {t('topup.buy')}
              </Button>
            </Flex>
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}

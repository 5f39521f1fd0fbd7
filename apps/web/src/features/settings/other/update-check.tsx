import { useState } from 'react';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError, showInfo, showSuccess } from '@/app/toasts/toast';
import { renderMarkdown } from '@/lib/markdown';
import { fetchLatestRelease, isCurrentRelease, releasesUrl, type Release } from '../api/latest-release';

/**
 * Asks the public releases API of the product's repository for the latest release: its tag and notes, or
 * "already latest"; a build that names no repository has no update information, and says so.
 */
export function UpdateCheck({ repository = __APP_REPOSITORY__ }: { repository?: string }) {
  const { t } = useTranslation('translation', { keyPrefix: 'adminSettings.other' });
  const [checking, setChecking] = useState(false);
  const [release, setRelease] = useState<Release>();

  const check = async () => {
    const url = releasesUrl(repository);
    if (!url) return showInfo(t('noUpdateInfo'));
    setChecking(true);
    try {
      const latest = await fetchLatestRelease(url);
      if (isCurrentRelease(latest.tag_name, __APP_VERSION__)) showSuccess(t('latest', { tag: latest.tag_name }));
      else setRelease(latest);
    } catch (error) {
      // Offline consoles end here: one error toast, nothing else is affected.
      showError(t('checkFailed', { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <Button onClick={() => void check()} loading={checking} data-testid="check-update">
        {t('checkUpdate')}
      </Button>
      <Modal
        open={release !== undefined}
        title={t('newRelease', { tag: release?.tag_name ?? '' })}
        onCancel={() => setRelease(undefined)}
        footer={[
          <Button key="close" onClick={() => setRelease(undefined)}>
            {t('close')}
          </Button>,
          <Button key="details" type="primary" href={release?.html_url} target="_blank" rel="noreferrer">
            {t('releaseDetails')}
          </Button>,
        ]}
      >
        <div className="rich-content" dangerouslySetInnerHTML={{ __html: renderMarkdown(release?.body ?? '') }} />
      </Modal>
    </>
  );
}

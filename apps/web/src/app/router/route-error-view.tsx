import { Button, Result } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from './lazy-page';

function describe(error: unknown, t: TFunction): string {
  if (error instanceof ChunkLoadError) return t('router.chunkFailed');
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The router's fallback when a page fails to load or throws while rendering. */
export function RouteErrorView() {
  const error = useRouteError();
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('router.unexpectedError')}
      subTitle={describe(error, t)}
      extra={<Button onClick={() => window.location.reload()}>{t('router.reload')}</Button>}
      data-testid="route-error"
    />
  );
}

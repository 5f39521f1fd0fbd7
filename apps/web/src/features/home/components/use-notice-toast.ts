import { useEffect } from 'react';
import { showNotice } from '@/app/toasts/toast';
import { renderMarkdown } from '@/lib/markdown';
import { useNotice } from '../api/get-notice';

/** Remembers the last notice shown, so each new notice appears once per browser. */
const SEEN_NOTICE_KEY = 'notice';

export function useNoticeToast(): void {
  const { data: notice } = useNotice();
  useEffect(() => {
    if (!notice || notice === localStorage.getItem(SEEN_NOTICE_KEY)) return;
    showNotice(renderMarkdown(notice));
    localStorage.setItem(SEEN_NOTICE_KEY, notice);
  }, [notice]);
}

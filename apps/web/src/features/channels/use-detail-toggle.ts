import { useState } from 'react';
import { STORAGE_KEYS } from '@tollgate/contract';

/** Whether the channel list shows its detail columns; the choice survives reloads. */
export function useDetailToggle(): [boolean, (show: boolean) => void] {
  const [show, setShow] = useState(() => localStorage.getItem(STORAGE_KEYS.channelDetail) === 'true');
  const update = (next: boolean) => {
    localStorage.setItem(STORAGE_KEYS.channelDetail, String(next));
    setShow(next);
  };
  return [show, update];
}

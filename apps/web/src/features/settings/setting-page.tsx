import { Tabs } from 'antd';
import { isAdmin, Role } from '@tollgate/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '@/app/session/use-current-user';
import { OptionsGate } from './components/options-gate';
import { ConfigTransferCard } from './config-transfer/config-transfer-card';
import { PersonalSettings } from './components/personal-settings';
import { OperationSettings } from './operation/operation-settings';
import { OtherSettings } from './other/other-settings';
import { SystemSettings } from './system/system-settings';

/**
 * /setting: personal settings for everyone; the operation, system and other tabs for administrators. The
 * open tab is in the address (`?tab=system`), so a reload, a link or the back button lands on it.
 */
export function SettingPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [search, setSearch] = useSearchParams();

  const personal = { key: 'personal', label: t('setting.personal'), children: <PersonalSettings /> };
  const adminTabs = [
    { key: 'operation', label: t('setting.operation'), children: <OptionsGate render={(options) => <OperationSettings options={options} />} /> },
    { key: 'system', label: t('setting.system'), children: <OptionsGate render={(options) => <SystemSettings options={options} />} /> },
    { key: 'other', label: t('setting.other'), children: <OptionsGate render={(options) => <OtherSettings options={options} />} /> },
  ];

  // Export and import carry every key: root's alone, as the server's routes are.
  const rootTabs = user?.role === Role.Root ? [{ key: 'config', label: t('adminSettings.configTransfer.tab'), children: <ConfigTransferCard /> }] : [];

  const tabs = isAdmin(user?.role) ? [personal, ...adminTabs, ...rootTabs] : [personal];
  // A tab this user may not open (or a mistyped one) shows the first.
  const asked = search.get('tab');
  const active = tabs.some((tab) => tab.key === asked) ? (asked as string) : personal.key;
  return <Tabs items={tabs} activeKey={active} onChange={(tab) => setSearch({ tab })} data-testid="setting-tabs" />;
}

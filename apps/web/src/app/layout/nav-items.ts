import type { ComponentType } from 'react';
import {
  ApiOutlined,
  BarChartOutlined,
  DollarOutlined,
  FileTextOutlined,
  GiftOutlined,
  HomeOutlined,
  InfoCircleOutlined,
  KeyOutlined,
  MessageOutlined,
  SettingOutlined,
  TagsOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { Messages } from '../i18n/zh';

export interface NavItem {
  path: string;
  label: keyof Messages['nav'];
  icon: ComponentType;
  adminOnly?: boolean;
}

const ITEMS: NavItem[] = [
  { path: '/', label: 'home', icon: HomeOutlined },
  { path: '/channel', label: 'channel', icon: ApiOutlined, adminOnly: true },
  { path: '/token', label: 'token', icon: KeyOutlined },
  { path: '/dashboard', label: 'dashboard', icon: BarChartOutlined },
  { path: '/pricing', label: 'pricing', icon: TagsOutlined },
  { path: '/redemption', label: 'redemption', icon: GiftOutlined, adminOnly: true },
  { path: '/topup', label: 'topup', icon: DollarOutlined },
  { path: '/user', label: 'user', icon: UserOutlined, adminOnly: true },
  { path: '/log', label: 'log', icon: FileTextOutlined },
  { path: '/setting', label: 'setting', icon: SettingOutlined },
  { path: '/about', label: 'about', icon: InfoCircleOutlined },
];

const CHAT: NavItem = { path: '/chat', label: 'chat', icon: MessageOutlined };

/** The header items for this visitor: admin items need role >= 10; chat comes second when a chat link is set. */
export function navItems({ isAdmin, hasChatLink }: { isAdmin: boolean; hasChatLink: boolean }): NavItem[] {
  const visible = ITEMS.filter((item) => isAdmin || !item.adminOnly);
  return hasChatLink ? visible.toSpliced(1, 0, CHAT) : visible;
}
